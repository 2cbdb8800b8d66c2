import { describe, expect, it } from "vitest";
import { cyrillicToLatin, latinToCyrillic, switchLayout } from "./keyboard-layout.ts";

describe("keyboard layout", () => {
  it("reads Latin keys as the Russian letters on them", () => {
    expect(latinToCyrillic("lbdfy")).toBe("диван");
    expect(latinToCyrillic("rhjdfnm")).toBe("кровать");
    expect(latinToCyrillic("Ctdthysq ljv")).toBe("Северный дом");
  });
  it("turns the punctuation keys into the Russian letters they carry", () => {
    expect(latinToCyrillic("[jkjlbkmybr")).toBe("холодильник");
    expect(latinToCyrillic("yj;rb")).toBe("ножки");
    expect(latinToCyrillic("'nf;thrf")).toBe("этажерка");
    expect(latinToCyrillic(",fh[fn")).toBe("бархат");
    expect(latinToCyrillic("`krf")).toBe("ёлка");
    expect(latinToCyrillic("{JKJL")).toBe("ХОЛОД");
  });
  it("reads Russian keys as the Latin letters on them, for brand names typed in the wrong layout", () => {
    expect(cyrillicToLatin("ащкьф")).toBe("forma");
    expect(cyrillicToLatin("Ыщрт")).toBe("Sohn");
    expect(cyrillicToLatin("ищыащк")).toBe("bosfor");
    expect(cyrillicToLatin("дгьф дшпре")).toBe("luma light");
  });
  it("round-trips every letter of both layouts", () => {
    const russian = "йцукенгшщзхъфывапролджэячсмитьбюё";
    expect(latinToCyrillic(cyrillicToLatin(russian))).toBe(russian);
    expect(latinToCyrillic(cyrillicToLatin(russian.toUpperCase()))).toBe(russian.toUpperCase());
  });
  it("leaves digits, spaces and other characters alone", () => {
    expect(latinToCyrillic("rhjdfnm 160")).toBe("кровать 160");
    expect(cyrillicToLatin("стол №5")).toBe("cnjk №5");
  });
  it("switches text written in one alphabet and refuses mixed or letterless text", () => {
    expect(switchLayout("lbdfy")).toBe("диван");
    expect(switchLayout("ащкьф")).toBe("forma");
    expect(switchLayout("диван sofa")).toBeNull();
    expect(switchLayout("160×200")).toBeNull();
    expect(switchLayout("")).toBeNull();
  });
});
