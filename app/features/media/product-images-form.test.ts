import { describe, expect, it } from "vitest";
import { applyImageCommand, defaultImageAlt, parseImageCommand, readImageRows } from "./product-images-form.ts";

const form = (rows: [string, string][], extra: [string, string][] = [], listed = true) => {
  const f = new FormData();
  if (listed) f.append("imagesListed", "1");
  for (const [src, alt] of rows) {
    f.append("imageSrc", src);
    f.append("imageAlt", alt);
    f.append("imageWidth", "960");
    f.append("imageHeight", "720");
  }
  for (const [k, v] of extra) f.append(k, v);
  return f;
};
const srcs = (f: FormData) => readImageRows(f)?.map((r) => r.src);
const three: [string, string][] = [
  ["/media/products/a", "А"],
  ["/media/products/b", "Б"],
  ["/media/products/c", "В"],
];

describe("readImageRows", () => {
  it("keeps the posted order, alt texts and sizes", () => {
    expect(readImageRows(form(three.slice(0, 1)))).toEqual([{ src: "/media/products/a", alt: "А", width: 960, height: 720 }]);
    expect(srcs(form(three))).toEqual(["/media/products/a", "/media/products/b", "/media/products/c"]);
  });

  it("applies the row button: up, down, main, remove", () => {
    expect(srcs(form(three, [["imageCommand", "up:2"]]))).toEqual(["/media/products/a", "/media/products/c", "/media/products/b"]);
    expect(srcs(form(three, [["imageCommand", "down:0"]]))).toEqual(["/media/products/b", "/media/products/a", "/media/products/c"]);
    expect(srcs(form(three, [["imageCommand", "main:2"]]))).toEqual(["/media/products/c", "/media/products/a", "/media/products/b"]);
    expect(srcs(form(three, [["imageCommand", "remove:1"]]))).toEqual(["/media/products/a", "/media/products/c"]);
  });

  it("is null when the form has no list, so a save without it leaves the pictures alone", () => {
    expect(readImageRows(form([], [], false))).toBeNull();
    expect(readImageRows(form([]))).toEqual([]);
  });

  it("drops paths that are not plain media paths and trims long alt texts", () => {
    const f = form([
      ["javascript:alert(1)", "x"],
      ["/media/../secret", "y"],
      ["/media/products/ok", `  много   ${"я".repeat(300)}`],
    ]);
    const rows = readImageRows(f)!;
    expect(rows.map((r) => r.src)).toEqual(["/media/products/ok"]);
    expect(rows[0]!.alt).toMatch(/^много я+$/);
    expect(rows[0]!.alt).toHaveLength(200);
  });
});

describe("applyImageCommand", () => {
  it("changes nothing at the edges or for an unknown row", () => {
    expect(applyImageCommand([1, 2], { kind: "up", index: 0 })).toEqual([1, 2]);
    expect(applyImageCommand([1, 2], { kind: "down", index: 1 })).toEqual([1, 2]);
    expect(applyImageCommand([1, 2], { kind: "remove", index: 5 })).toEqual([1, 2]);
    expect(parseImageCommand("drop:1")).toBeNull();
  });
});

describe("defaultImageAlt", () => {
  it("names an upload after the product and its number", () => {
    expect(defaultImageAlt("Диван Честер", 2)).toBe("Диван Честер, фото 2");
    expect(defaultImageAlt(" ", 1)).toBe("Товар, фото 1");
  });
});
