import { describe, expect, it } from "vitest";
import { cleanSearchText } from "./search-text.ts";

describe("a visitor's search text", () => {
  it("cleans a visitor's text: control characters, invisible marks, spacing and length", () => {
    expect(cleanSearchText("  диван\u0000\u0007 \t серый\n", 200)).toBe("диван серый");
    expect(cleanSearchText("ди\u200bван\u202e", 200)).toBe("диван");
    expect(cleanSearchText("е\u0308лка", 200)).toBe("ёлка");
    expect(cleanSearchText("д".repeat(500), 200)).toHaveLength(200);
    expect(cleanSearchText("аа😀", 3)).toBe("аа");
    expect(cleanSearchText("\u0000\u0001", 200)).toBe("");
  });
});
