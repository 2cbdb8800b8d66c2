import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/product";
import { clientContext, servicesContext } from "../context.ts";
import { findProductPage, isDeletedProductSlug, listPickupPoints, listRelatedProducts, loadTabContent } from "../features/product/index.server.ts";
import { signedInStaff } from "../http/staff-guard.server.ts";
import { loadProductCards } from "../features/catalog/index.server.ts";
import { createReview, listApprovedReviews } from "../features/reviews/index.server.ts";
import {
  productPath,
  tabFromSegment,
  tabPath,
  descriptionText,
  jsonForScript,
  productJsonLd,
  pushViewed,
  readViewed,
  viewedSetCookie,
  pickVariant,
  withVariant,
  type ProductPageData,
} from "../features/product/index.ts";
import { parseReview, reviewValues, parseReviewQuery } from "../features/reviews/index.ts";
import { HONEYPOT_FIELD } from "../lib/form-fields.ts";
import { readCity, deliveryEstimate } from "../features/delivery/index.ts";
import { formatPrice } from "../lib/format.ts";
import { DEFAULT_TILE_ATTRIBUTION } from "../features/content/index.ts";
import { useNonce } from "../nonce.ts";
import { ProductView } from "../features/product/components.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const tab = tabFromSegment(params.tab);
  // staff of any role preview a hidden product; to everyone else it does not exist
  const preview = (await signedInStaff({ context })) !== null;
  const model = tab ? await findProductPage(db, params.slug, { preview }) : null;
  if (!model || !tab) throw data(null, { status: tab && (await isDeletedProductSlug(db, params.slug)) ? 410 : 404 });
  const url = new URL(request.url);
  const chosen = chooseVariant(model, url);
  if (chosen.redirect) throw redirect(chosen.redirect.location, chosen.redirect.status);
  const product = chosen.product;
  const cookies = request.headers.get("cookie");
  const seen = readViewed(cookies);
  const [content, related, points, viewed, reviews] = await Promise.all([
    loadTabContent(db, product, tab, parseReviewQuery(url.searchParams)),
    listRelatedProducts(db, product),
    listPickupPoints(db, product),
    loadProductCards(db, seen.filter((id) => id !== product.id).slice(0, 8)),
    listApprovedReviews(db, product.id),
  ]);
  const delivery = deliveryEstimate({ now: Date.now(), city: readCity(cookies), price: product.price, inStock: product.stock > 0, lead: product.lead });
  const canonical = url.origin + (tab === "description" || tab === "delivery" ? productPath(product.slug) : tabPath(product.slug, tab));
  // the description's words without markup (the parser stays on the server)
  const summary = descriptionText(product.description);
  const jsonLd = productJsonLd({
    url: url.origin + productPath(product.slug),
    name: product.title,
    description: summary,
    sku: product.article,
    brand: product.brand,
    images: product.images.map((i) => `${url.origin}${i.src}-960.webp`),
    price: product.price,
    stock: product.stock,
    rating: product.rating,
    ratingCount: product.ratingCount,
    reviewCount: reviews.total,
    reviews: reviews.items,
    breadcrumbs: [
      { name: "Главная", url: `${url.origin}/` },
      { name: "Каталог", url: `${url.origin}/catalog/` },
      ...[...product.ancestors, product.section].filter((s) => s.slug).map((s) => ({ name: s.title, url: `${url.origin}/catalog/${s.slug}/` })),
      { name: product.title, url: url.origin + productPath(product.slug) },
    ],
  });
  const headers: Record<string, string> = product.hidden
    ? { "Cache-Control": "private, no-store" } // a preview: not for shared caches, nor for the viewed list
    : { "Set-Cookie": viewedSetCookie(pushViewed(seen, product.id), url.protocol === "https:") };
  return data(
    {
      product,
      summary,
      tab,
      content,
      related,
      viewed,
      points,
      delivery,
      canonical,
      jsonLd: jsonForScript(jsonLd),
      origin: url.origin,
      path: url.pathname,
      // where a post without JavaScript comes back to: this variant
      back: url.pathname + (product.choices.length && product.variantId !== null ? `?v=${product.variantId}` : ""),
      mapShown: url.searchParams.get("map") === "1",
      tileUrl: context.get(servicesContext).maps.tileUrl,
      attribution: DEFAULT_TILE_ATTRIBUTION,
      reviewSent: url.searchParams.get("review") === "sent",
    },
    { headers },
  );
}

/**
 * The variant an address means (docs/decisions/108-product-variants.md, section 2): `v` that is not
 * one of the model's published variants answers 301 to the address without it; the «Выбрать»
 * form's values (property codes) answer 302 to the variant they pick; neither: the default.
 */
function chooseVariant(model: ProductPageData, url: URL): { product: ProductPageData; redirect?: { location: string; status: 301 | 302 } } {
  const v = url.searchParams.get("v");
  const without = (names: string[]) => {
    const params = new URLSearchParams(url.searchParams);
    for (const name of names) params.delete(name);
    return params;
  };
  if (v !== null) {
    const known = model.variants.find((x) => String(x.id) === v);
    if (!known) {
      const rest = without(["v"]).toString();
      return { product: model, redirect: { location: url.pathname + (rest ? `?${rest}` : ""), status: 301 } };
    }
    return { product: withVariant(model, known.id) };
  }
  const sent = model.choices.filter((g) => url.searchParams.has(g.code));
  if (sent.length) {
    const wanted = Object.fromEntries(sent.map((g) => [g.code, url.searchParams.get(g.code)!]));
    const pick = pickVariant(model.variants, model.choices, wanted) ?? model.variants[0]!;
    const params = without(model.choices.map((g) => g.code));
    params.set("v", String(pick.id));
    return { product: model, redirect: { location: `${url.pathname}?${params.toString()}`, status: 302 } };
  }
  return { product: model };
}

/** The review form's post (tab «Отзывы»): JSON for the script (`ajax=review`), 303 or 400 without it. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, rateLimiter } = context.get(servicesContext);
  const product = tabFromSegment(params.tab) === "reviews" ? await findProductPage(db, params.slug) : null;
  if (!product) throw data(null, { status: 404 });
  const form = await request.formData().catch(() => new FormData());
  const fields = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
  const ajax = fields.ajax === "review";
  const fail = (errors: Record<string, string>, status: number) =>
    data(ajax ? { ok: false as const, errors } : { ok: false as const, errors, values: reviewValues(fields) }, { status });
  const sent = () => (ajax ? { ok: true as const } : redirect(`${tabPath(product.slug, "reviews")}?review=sent#review-form`, 303));

  const parsed = parseReview(fields);
  if (!parsed.ok) return fail(parsed.errors, 400);
  const limit = await rateLimiter.hit(`review:${context.get(clientContext).address}`, 5, 10 * 60_000);
  if (!limit.allowed)
    return fail({ form: `Вы отправили много отзывов подряд. Попробуйте снова через ${Math.max(1, Math.ceil(limit.retryAfter / 60))} мин.` }, 429);
  if (fields[HONEYPOT_FIELD]) return sent(); // a bot: answer as usual, keep nothing
  await createReview(db, product.id, parsed.value);
  return sent();
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers();
  for (const name of ["Set-Cookie", "Cache-Control"]) {
    const value = loaderHeaders.get(name);
    if (value) out.set(name, value);
  }
  return out;
}

// the review form's JSON answer changes nothing the loader shows (reviews appear after approval)
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("ajax") === "review" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Товар не найден — Витрина" }];
  const { product, canonical, origin } = loaderData;
  const description = loaderData.summary.slice(0, 160);
  const image = product.images[0] ? `${origin}${product.images[0].src}-960.webp` : undefined;
  return [
    { title: `${product.title} — купить за ${formatPrice(product.price)} в интернет-магазине Витрина` },
    ...(product.hidden ? [{ name: "robots", content: "noindex" }] : []),
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: "Витрина" },
    { property: "og:locale", content: "ru_RU" },
    { property: "og:title", content: product.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...(image
      ? [
          { property: "og:image", content: image },
          // the widest file's own size: a narrow picture is not enlarged to 960 (decision 099)
          { property: "og:image:width", content: String(product.images[0]!.width) },
          { property: "og:image:height", content: String(product.images[0]!.height) },
        ]
      : []),
    { property: "product:price:amount", content: (product.price / 100).toFixed(2) },
    { property: "product:price:currency", content: "RUB" },
  ];
};

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  const { product, jsonLd, origin, path, back, reviewSent } = loaderData;
  const reviewForm =
    actionData && !actionData.ok ? { errors: actionData.errors, values: "values" in actionData ? actionData.values : undefined } : { sent: reviewSent };
  return (
    <>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <ProductView
        key={product.id}
        {...loaderData}
        // «Поделиться» shares the chosen variant (decision 108, section 3)
        url={origin + productPath(product.slug) + (back.includes("?") ? back.slice(back.indexOf("?")) : "")}
        path={path}
        reviewForm={reviewForm}
      />
    </>
  );
}
