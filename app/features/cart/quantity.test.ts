import { describe, expect, it } from "vitest";
import { MAX_CART_QTY, parseCartQuantity } from "./quantity.ts";

describe("quantity rules", () => {
  it("reads a cart quantity only from a JSON integer or a string of digits", () => {
    for (const [raw, n] of [
      [0, 0],
      [3, 3],
      ["3", 3],
      ["0", 0],
      ["007", 7],
      [MAX_CART_QTY, MAX_CART_QTY],
      [String(MAX_CART_QTY), MAX_CART_QTY],
    ] as const) {
      expect(parseCartQuantity(raw), String(raw)).toBe(n);
    }
    for (const raw of [
      "0x10",
      "1e1",
      "1.5",
      1.5,
      true,
      false,
      null,
      undefined,
      [],
      [3],
      {},
      "-0",
      -0,
      "",
      " ",
      " 3",
      "3 ",
      "+3",
      "-1",
      -1,
      MAX_CART_QTY + 1,
      "1000",
      "99999",
      Number.NaN,
      Infinity,
    ]) {
      expect(parseCartQuantity(raw), JSON.stringify(raw)).toBeNull();
    }
  });
});
