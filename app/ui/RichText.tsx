import type { RichHtml } from "../lib/rich-text.ts";

/** Renders staff-written HTML that the loader has cleaned (cleanRichText: allow-list, wrapped tables). */
export function RichText({ html, className }: { html: RichHtml; className?: string }) {
  return <div className={["rich-text", className].filter(Boolean).join(" ")} dangerouslySetInnerHTML={{ __html: html }} />;
}
