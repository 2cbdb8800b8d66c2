import { describe, expect, it } from "vitest";
import { splitDetails } from "./faq-html.ts";

describe("splitDetails", () => {
  it("takes the questions out and keeps the rest as the introduction", () => {
    const html = `<p>Вступление</p>
<details>
  <summary>Можно ли <b>вернуть</b>?</summary>
  <p>Да, в течение 14 дней.</p>
</details>
<details open><summary>Сборка?</summary><p>Бесплатно.</p></details>
<p>Ещё вопросы — звоните.</p>`;
    const { intro, items } = splitDetails(html);
    expect(items).toEqual([
      { question: "Можно ли вернуть?", answer: "<p>Да, в течение 14 дней.</p>" },
      { question: "Сборка?", answer: "<p>Бесплатно.</p>" },
    ]);
    expect(intro).toContain("<p>Вступление</p>");
    expect(intro).toContain("<p>Ещё вопросы — звоните.</p>");
    expect(intro).not.toContain("details");
  });

  it("leaves a page without questions alone", () => {
    expect(splitDetails("<p>Текст</p>")).toEqual({ intro: "<p>Текст</p>", items: [] });
  });
});
