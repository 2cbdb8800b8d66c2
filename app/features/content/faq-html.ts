// The FAQ page is shop-written HTML whose questions are <details><summary>Q</summary>A</details>
// (they work without JavaScript). The accordion widget needs them as items: the cleaned HTML is
// parsed (htmlparser2, no regular expressions over markup) and each outermost <details> that
// starts with a <summary> becomes an item; whatever else is there stays as the introduction.
import { isTag, isText, type AnyNode } from "domhandler";
import { DomUtils, parseDocument } from "htmlparser2";
import type { RichHtml } from "../../lib/rich-text.ts";

export interface FaqItem {
  question: string;
  /** cleaned HTML of the answer */
  answer: RichHtml;
}

// Pieces of a cleaned document are clean: they are serialised from its already-filtered nodes.
const html = (nodes: AnyNode[]) => DomUtils.getOuterHTML(nodes, { encodeEntities: "utf8" }).trim() as RichHtml;

const outermost = (el: AnyNode) => {
  for (let p = el.parent; p; p = p.parent) if (isTag(p) && p.name === "details") return false;
  return true;
};

/** The <summary> a question starts with (only blank text before it), if it has one. */
const summaryOf = (details: AnyNode) => {
  if (!isTag(details)) return undefined;
  const first = details.children.find((c) => isTag(c) || (isText(c) && c.data.trim() !== ""));
  return first && isTag(first) && first.name === "summary" ? first : undefined;
};

export function splitDetails(cleaned: RichHtml): { intro: RichHtml; items: FaqItem[] } {
  const doc = parseDocument(cleaned);
  const questions = DomUtils.findAll((el) => el.name === "details" && outermost(el) && summaryOf(el) !== undefined, doc.children);
  const items = questions.map((details): FaqItem => {
    const summary = summaryOf(details)!;
    const question = DomUtils.textContent(summary).replace(/\s+/g, " ").trim();
    DomUtils.removeElement(summary);
    const answer = html(details.children);
    DomUtils.removeElement(details);
    return { question, answer };
  });
  return { intro: html(doc.children), items };
}
