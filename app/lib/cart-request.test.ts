import { describe, expect, it } from "vitest";
import { readCartRequest } from "./cart-request.ts";

const json = (body: unknown) => new Request("http://x/cart/product/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const form = (fields: Record<string, string | string[]>) => {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) f.append(k, x);
  return new Request("http://x/cart/set/", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: f });
};

describe("reading a cart request", () => {
  it("reads the JSON contract", async () => {
    expect(await readCartRequest(json({ id: 5, cnt: 2, type: "product" }), "product")).toMatchObject({ id: 5, cnt: 2, type: "product", mode: "set", json: true });
  });
  it("refuses bad numbers from API callers with 422 and unknown types with 404", async () => {
    expect(await readCartRequest(json({ id: 5, cnt: 1.5, type: "product" }), "product")).toMatchObject({ status: 422 });
    expect(await readCartRequest(json({ id: 5, cnt: -1, type: "product" }), "product")).toMatchObject({ status: 422 });
    expect(await readCartRequest(json({ id: 5, cnt: "x", type: "product" }), "product")).toMatchObject({ status: 422 });
    expect(await readCartRequest(json({ id: 5, cnt: 1, type: "gift" }), "gift")).toMatchObject({ status: 404 });
    expect(await readCartRequest(json({ id: 5, cnt: 1, type: "set" }), "product")).toMatchObject({ status: 404 });
    expect(await readCartRequest(json({ id: "abc", cnt: 1 }), "product")).toMatchObject({ status: 404 });
  });
  it("treats a form's empty or non-numeric quantity as one piece and reads set items", async () => {
    expect(await readCartRequest(form({ id: "7", cnt: "", back: "/catalog/" }), "set")).toMatchObject({ cnt: 1, back: "/catalog/", json: false });
    expect(await readCartRequest(form({ id: "7", cnt: "abc", item: ["3", "4"], mode: "add" }), "set")).toMatchObject({ cnt: 1, items: [3, 4], mode: "add" });
  });
});
