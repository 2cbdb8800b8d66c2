import { describe, expect, it } from "vitest";
import { descriptionHtml, descriptionText, hasMarkup } from "./product-description.ts";

describe("descriptionHtml", () => {
  it("turns the seed's plain paragraphs into <p>, escaping what looks like markup", () => {
    expect(descriptionHtml("Мягкий диван.\n\nГлубина 95 см, ширина < 2 м & ножки из дуба.")).toBe(
      "<p>Мягкий диван.</p>\n<p>Глубина 95 см, ширина &lt; 2 м &amp; ножки из дуба.</p>",
    );
  });
  it("keeps HTML as it is (the sanitiser cleans it next)", () => {
    expect(descriptionHtml("<p>Диван <strong>Честер</strong></p>")).toBe("<p>Диван <strong>Честер</strong></p>");
  });
  it("is empty for an empty description", () => {
    expect(descriptionHtml("  \n ")).toBe("");
  });
});

describe("hasMarkup", () => {
  it("tells a tag from a comparison", () => {
    expect(hasMarkup("ширина < 2 м")).toBe(false);
    expect(hasMarkup("<ul><li>a</li></ul>")).toBe(true);
    expect(hasMarkup("строка<br>строка")).toBe(true);
  });
});

describe("descriptionText", () => {
  it("gives the words without tags or scripts, on one line", () => {
    expect(descriptionText("<p>Диван <b>Честер</b></p>\n<script>alert(1)</script><ul><li>велюр</li></ul>")).toBe("Диван Честер велюр");
    expect(descriptionText("Первый.\n\nВторой.")).toBe("Первый. Второй.");
  });
});
