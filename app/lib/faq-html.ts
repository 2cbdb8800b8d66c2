// The FAQ page is shop-written HTML whose questions are <details><summary>Q</summary>A</details>
// (they work without JavaScript). The accordion widget needs them as items: split them out on the
// server; whatever is not a <details> block stays as the introduction.
export interface FaqItem {
  question: string;
  /** trusted HTML of the answer */
  answer: string;
}

const DETAILS = /<details\b[^>]*>\s*<summary\b[^>]*>([\s\S]*?)<\/summary>([\s\S]*?)<\/details>/gi;

export function splitDetails(html: string): { intro: string; items: FaqItem[] } {
  const items: FaqItem[] = [];
  const intro = html.replace(DETAILS, (_m, q: string, a: string) => {
    items.push({ question: q.replace(/<[^>]+>/g, "").trim(), answer: a.trim() });
    return "";
  });
  return { intro: intro.trim(), items };
}
