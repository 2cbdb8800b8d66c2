import { expect, it } from "vitest";
import { randomKey } from "./random-key.ts";

it("makes a different URL-safe key each time, as the order forms accept", () => {
  const a = randomKey();
  expect(a).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  expect(randomKey()).not.toBe(a);
});
