import { describe, expect, it } from "vitest";
import { plainTextParagraphs } from "./plain-text.ts";

describe("plain text", () => {
  it("splits at blank lines, whatever the line ends, and drops empty paragraphs", () => {
    expect(plainTextParagraphs("Первый\r\nабзац\r\n\r\n  Второй  \n \n\n\n")).toEqual(["Первый\nабзац", "Второй"]);
    expect(plainTextParagraphs(" \n ")).toEqual([]);
  });
});
