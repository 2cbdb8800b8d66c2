import { describe, expect, it } from "vitest";
import { isRequestStatus, requestSearchPatterns, requestStatusName } from "./request-status.ts";

describe("request statuses", () => {
  it("names the three statuses in Russian and refuses anything else", () => {
    expect(["new", "in_progress", "closed"].map(requestStatusName)).toEqual(["Новая", "В работе", "Закрыта"]);
    expect(isRequestStatus("in_progress")).toBe(true);
    expect(isRequestStatus("toString")).toBe(false);
    expect(isRequestStatus(undefined)).toBe(false);
    expect(requestStatusName("odd")).toBe("odd");
  });
});

describe("requestSearchPatterns", () => {
  it("tries the text as typed, lower-cased and capitalised", () => {
    expect(requestSearchPatterns("  иВАН ").text).toEqual(["%иВАН%", "%иван%", "%Иван%"]);
  });

  it("matches phone digits whatever the format, without the trunk prefix", () => {
    expect(requestSearchPatterns("8 (900) 123-45-67").phone).toBe("%9%0%0%1%2%3%4%5%6%7%");
    expect(requestSearchPatterns("+79001234567").phone).toBe("%9%0%0%1%2%3%4%5%6%7%");
    expect(requestSearchPatterns("4567").phone).toBe("%4%5%6%7%");
    expect(requestSearchPatterns("Иван").phone).toBeNull();
  });

  it("takes LIKE wildcards literally and ignores an empty box", () => {
    expect(requestSearchPatterns("50%_")).toMatchObject({ text: ["%50\\%\\_%"] });
    expect(requestSearchPatterns("   ")).toEqual({ text: [], phone: null });
  });
});
