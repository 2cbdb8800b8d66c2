import { redirect } from "react-router";
import type { Route } from "./+types/banner-close";
import { servicesContext } from "../context.ts";
import { loadBanner } from "../features/content/index.server.ts";
import { closedBannerCookie } from "../lib/cookies.ts";
import { safeBackPath } from "../lib/safe-back-path.ts";

/** No-JS path for «Закрыть» on a banner: remember it in its cookie and go back (303). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const type = String(form.get("type") ?? "");
  const back = safeBackPath(String(form.get("back") ?? "/"));
  const headers = new Headers();
  // only the banner's own cookie, never a name the form makes up
  const banner = await loadBanner(context.get(servicesContext).db);
  if (banner && type === banner.cookieKey) {
    headers.append("Set-Cookie", closedBannerCookie(type));
  }
  return redirect(back, { status: 303, headers });
}

export function loader() {
  return redirect("/", { status: 303 });
}
