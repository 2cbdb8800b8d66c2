// The product page's tabs: each has a real URL (the server renders that tab for crawlers and
// visitors without JavaScript) and a load id for the POST that fetches its content
// (docs/behaviour.md «Tabs»).
export const PRODUCT_TABS = [
  { id: "description", title: "Описание", segment: "" },
  { id: "specs", title: "Характеристики", segment: "specs" },
  { id: "reviews", title: "Отзывы", segment: "reviews" },
  { id: "delivery", title: "Доставка", segment: "delivery" },
] as const;

export type ProductTabId = (typeof PRODUCT_TABS)[number]["id"];

export function isProductTabId(v: unknown): v is ProductTabId {
  return PRODUCT_TABS.some((t) => t.id === v);
}

/** The tab named by the URL segment after the slug; undefined segment is the description. */
export function tabFromSegment(segment: string | undefined): ProductTabId | null {
  if (segment === undefined || segment === "") return "description";
  const tab = PRODUCT_TABS.find((t) => t.segment === segment && t.segment !== "");
  return tab ? tab.id : null;
}

export const productPath = (slug: string) => `/product/${slug}/`;

export function tabPath(slug: string, tab: ProductTabId): string {
  const t = PRODUCT_TABS.find((x) => x.id === tab)!;
  return t.segment ? `/product/${slug}/${t.segment}/` : productPath(slug);
}

/** Where a tab's content is POSTed for (fields ajax and id). */
export const tabLoadPath = (slug: string) => `/product/${slug}/tab/`;
export const TAB_AJAX_ACTION = "tab";
