// Content-page tabs (docs/behaviour.md «Tabs»): a tab loads a shop-written page's body
// by POST /content/tab/ with ajax=page and id=<page slug>.
export const CONTENT_TAB_URL = "/content/tab/";
export const CONTENT_TAB_AJAX = "page";

/** Pages that may be shown inside a tab; anything else is refused. */
export const CONTENT_TAB_PAGES = ["delivery", "payment", "warranty"] as const;
export type ContentTabPage = (typeof CONTENT_TAB_PAGES)[number];
export const isContentTabPage = (v: unknown): v is ContentTabPage => typeof v === "string" && (CONTENT_TAB_PAGES as readonly string[]).includes(v);
