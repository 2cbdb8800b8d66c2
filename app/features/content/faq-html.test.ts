import { describe, expect, it } from "vitest";
import { splitDetails } from "./faq-html.ts";
import type { RichHtml } from "../../lib/rich-text.ts";

// splitDetails works on HTML that cleanRichText() has already cleaned; these stand for its output
const cleaned = (html: string) => html as RichHtml;

describe("splitDetails", () => {
  it("takes the questions out and keeps the rest as the introduction", () => {
    const html = `<p>Вступление</p>
<details>
  <summary>Можно ли <b>вернуть</b>?</summary>
  <p>Да, в течение 14 дней.</p>
</details>
<details open><summary>Сборка?</summary><p>Бесплатно.</p></details>
<p>Ещё вопросы — звоните.</p>`;
    const { intro, items } = splitDetails(cleaned(html));
    expect(items).toEqual([
      { question: "Можно ли вернуть?", answer: "<p>Да, в течение 14 дней.</p>" },
      { question: "Сборка?", answer: "<p>Бесплатно.</p>" },
    ]);
    expect(intro).toContain("<p>Вступление</p>");
    expect(intro).toContain("<p>Ещё вопросы — звоните.</p>");
    expect(intro).not.toContain("details");
  });

  it("leaves a page without questions alone", () => {
    expect(splitDetails(cleaned("<p>Текст</p>"))).toEqual({ intro: "<p>Текст</p>", items: [] });
  });

  it("keeps an answer's markup, wrapped tables and nested <details> included", () => {
    const table = '<div class="table-scroll" tabindex="0" role="region" aria-label="Таблица"><table><tbody><tr><td>1 &lt; 2</td></tr></tbody></table></div>';
    const { items } = splitDetails(
      cleaned(`<details><summary>Тарифы</summary>${table}<details><summary>Подробнее</summary><p>вложенный</p></details></details>`),
    );
    expect(items).toEqual([{ question: "Тарифы", answer: `${table}<details><summary>Подробнее</summary><p>вложенный</p></details>` }]);
  });

  it("leaves a <details> that does not start with its <summary> in the introduction", () => {
    const html = "<details><p>без вопроса</p></details>";
    expect(splitDetails(cleaned(html))).toEqual({ intro: html, items: [] });
  });

  it("copes with malformed markup: an unclosed question ends where the document does", () => {
    const { intro, items } = splitDetails(cleaned("<p>Вступление</p><details><summary>Открыт</summary><p>ответ"));
    expect(intro).toBe("<p>Вступление</p>");
    expect(items).toEqual([{ question: "Открыт", answer: "<p>ответ</p>" }]);
  });
});
