import { wrapTables } from "../lib/rich-text.ts";

/** Renders HTML written by the shop (never by visitors) with responsive tables. */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={["rich-text", className].filter(Boolean).join(" ")} dangerouslySetInnerHTML={{ __html: wrapTables(html) }} />;
}
