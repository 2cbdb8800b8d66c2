// A product's description is staff-written rich text, but the seed and older imports
// hold plain text: paragraphs separated by blank lines. Plain text is turned into paragraphs of
// escaped text, so both render the same way through the one sanitiser; the meta description and
// JSON-LD take the words without markup.
import { DomUtils, parseDocument } from "htmlparser2";
import { plainTextParagraphs } from "../../lib/plain-text.ts";

/** true when the text carries an HTML tag (or a comment): then it is HTML, not plain text */
export const hasMarkup = (text: string) => /<(?:[a-z][a-z0-9]*[\s/>]|!--)/i.test(text);

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The description as HTML (still to be cleaned): plain text becomes one <p> per paragraph. */
export function descriptionHtml(stored: string): string {
  if (hasMarkup(stored)) return stored;
  return plainTextParagraphs(stored)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

/** The description's words without markup, one line (meta description, structured data). */
export function descriptionText(stored: string): string {
  if (!hasMarkup(stored)) return plainTextParagraphs(stored).join(" ");
  const doc = parseDocument(stored);
  // script and style carry no words a visitor reads
  for (const el of DomUtils.findAll((e) => e.name === "script" || e.name === "style", doc.children)) DomUtils.removeElement(el);
  return DomUtils.textContent(doc).replace(/\s+/g, " ").trim();
}
