import type { Route } from "./+types/robots";

/** robots.txt with the absolute address of the sitemap, built from the request's origin. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Disallow: /cart/",
    "Disallow: /checkout/",
    "Disallow: /profile/",
    "Disallow: /compare/",
    "Disallow: /favorites/",
    "Disallow: /order/",
    "Disallow: /search/",
    "Disallow: /admin/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
