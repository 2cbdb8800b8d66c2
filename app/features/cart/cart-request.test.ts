import { describe, expect, it } from "vitest";
import { readCartRequest } from "./cart-request.ts";

const json = (body: unknown) =>
  new Request("http://x/cart/product/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const form = (fields: Record<string, string | string[]>) => {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) f.append(k, x);
  return new Request("http://x/cart/set/", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: f });
};

describe("reading a cart request", () => {
  it("reads the JSON contract", async () => {
    expect(await readCartRequest(json({ id: 5, cnt: 2, type: "product" }), "product")).toMatchObject({
      id: 5,
      cnt: 2,
      type: "product",
      mode: "set",
      json: true,
    });
  });
  it("refuses bad numbers from API callers with 422 and unknown types with 404", async () => {
    expect(await readCartRequest(json({ id: 5, cnt: 1.5, type: "product" }), "product")).toMatchObject({ status: 422 });
    expect(await readCartRequest(json({ id: 5, cnt: -1, type: "product" }), "product")).toMatchObject({ status: 422 });
    expect(await readCartRequest(json({ id: 5, cnt: "x", type: "product" }), "product")).toMatchObject({ status: 422 });
    expect(await readCartRequest(json({ id: 5, cnt: 1, type: "gift" }), "gift")).toMatchObject({ status: 404 });
    expect(await readCartRequest(json({ id: 5, cnt: 1, type: "set" }), "product")).toMatchObject({ status: 404 });
    expect(await readCartRequest(json({ id: "abc", cnt: 1 }), "product")).toMatchObject({ status: 404 });
    // ids are read as strictly as quantities: hex, exponents, booleans and fractions name no product
    for (const id of ["0x10", "1e1", true, 1.5, "16 ", [16], -3])
      expect(await readCartRequest(json({ id, cnt: 1 }), "product"), String(id)).toMatchObject({ status: 404 });
    expect(await readCartRequest(json({ id: "16", cnt: 1 }), "product")).toMatchObject({ id: 16 });
    expect(await readCartRequest(json({ line: "0x2", cnt: 1 }), "product")).toMatchObject({ status: 404 });
    expect(await readCartRequest(json({ id: 5, cnt: 1, items: ["0x3"] }), "product")).toMatchObject({ status: 422 });
  });
  it("treats a form's missing or empty quantity as one piece and reads set items", async () => {
    expect(await readCartRequest(form({ id: "7", cnt: "", back: "/catalog/" }), "set")).toMatchObject({ cnt: 1, back: "/catalog/", json: false });
    expect(await readCartRequest(form({ id: "7", item: ["3", "4"], mode: "add" }), "set")).toMatchObject({ cnt: 1, items: [3, 4], mode: "add" });
  });
  it("refuses any other quantity that is not a plain integer, from forms and JSON alike", async () => {
    for (const cnt of ["abc", "0x10", "1e1", "1.5", "-0", " ", " 3", "-1", "1000"]) {
      expect(await readCartRequest(form({ id: "7", cnt }), "set"), cnt).toMatchObject({ status: 422, json: false });
    }
    for (const cnt of [true, null, [], {}, "", "0x10", 1000]) {
      expect(await readCartRequest(json({ id: 5, cnt, type: "product" }), "product"), JSON.stringify(cnt)).toMatchObject({ status: 422, json: true });
    }
    expect(await readCartRequest(json({ id: 5, type: "product" }), "product")).toMatchObject({ status: 422 });
    expect(await readCartRequest(json({ id: 5, cnt: "12", type: "product" }), "product")).toMatchObject({ cnt: 12 });
    expect(await readCartRequest(form({ id: "7", cnt: "0" }), "set")).toMatchObject({ cnt: 0 });
  });
});
