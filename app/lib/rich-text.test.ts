import { describe, expect, it } from "vitest";
import { wrapTables } from "./rich-text.ts";

describe("wrapTables", () => {
  it("wraps every table in a scroll container", () => {
    const out = wrapTables("<p>a</p><table><tr><td>1</td></tr></table><TABLE class=x><tr><td>2</td></tr></TABLE>");
    expect(out.match(/<div class="table-scroll"/g)).toHaveLength(2);
    expect(out).toContain('<div class="table-scroll" tabindex="0" role="region" aria-label="Таблица"><table><tr><td>1</td></tr></table></div>');
  });
  it("leaves text without tables alone", () => {
    expect(wrapTables("<p>Привет</p>")).toBe("<p>Привет</p>");
  });
});
