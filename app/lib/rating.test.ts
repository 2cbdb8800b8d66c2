import { describe, expect, it } from "vitest";
import { addToAverage, checkRatingInput, displayRating, formatRating, RATING_MESSAGES } from "./rating.ts";

describe("checkRatingInput", () => {
  it("accepts whole stars 1..5", () => {
    for (const v of ["1", "2", "3", "4", "5", 5, " 3 "]) expect(checkRatingInput(v)).toEqual({ ok: true, value: Number(String(v).trim()) });
  });
  it("names what is wrong in Russian", () => {
    expect(checkRatingInput(undefined)).toEqual({ ok: false, message: RATING_MESSAGES.notSet });
    expect(checkRatingInput("")).toEqual({ ok: false, message: "Оценка не выбрана" });
    expect(checkRatingInput(null)).toEqual({ ok: false, message: RATING_MESSAGES.nullValue });
    expect(checkRatingInput("пять")).toEqual({ ok: false, message: "Оценка должна быть числом" });
    expect(checkRatingInput("1e3")).toEqual({ ok: false, message: RATING_MESSAGES.notNumber });
    expect(checkRatingInput("Infinity")).toEqual({ ok: false, message: RATING_MESSAGES.notNumber });
    expect(checkRatingInput("6")).toEqual({ ok: false, message: "Оценка не может быть больше 5" });
    expect(checkRatingInput("0")).toEqual({ ok: false, message: RATING_MESSAGES.tooLow });
    expect(checkRatingInput("-2")).toEqual({ ok: false, message: RATING_MESSAGES.tooLow });
    expect(checkRatingInput("3,5")).toEqual({ ok: false, message: RATING_MESSAGES.notWhole });
    expect(checkRatingInput({})).toEqual({ ok: false, message: RATING_MESSAGES.notNumber });
  });
});

describe("shown ratings", () => {
  it("clamps to 0..5 in steps of 0.1", () => {
    expect(displayRating(4.26)).toBe(4.3);
    expect(displayRating(7)).toBe(5);
    expect(displayRating(-1)).toBe(0);
    expect(displayRating(Number.NaN)).toBe(0);
    expect(formatRating(4)).toBe("4,0");
    expect(formatRating(3.44)).toBe("3,4");
  });
  it("folds one more rating into an average", () => {
    expect(addToAverage(4, 3, 5)).toBe(4.3);
    expect(addToAverage(0, 0, 2)).toBe(2);
  });
});
