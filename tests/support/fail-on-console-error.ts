// A test that makes the code log an error fails, even when its assertions pass.
import { afterEach, beforeEach, expect, vi } from "vitest";

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  expect(errors, `console.error was called:\n${errors.map((a) => a.map(String).join(" ")).join("\n")}`).toEqual([]);
});
