import { describe, expect, it } from "vitest";
import { addWorkingDays, deliveryWindow, dispatchDay, formatDeliveryDay, formatWindow, isWorkingDay, leadTimeText } from "./delivery-date.ts";
import { DELIVERY_CITIES, cityById, cityDeliveryCost } from "./delivery-pricing.ts";

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
/** an instant given in Moscow time (UTC+3 all year) */
const msk = (y: number, m: number, d: number, h: number, min = 0) => Date.UTC(y, m - 1, d, h - 3, min);

describe("delivery dates (Europe/Moscow)", () => {
  it("reads the Moscow date, not the server's: 22:30 UTC is already the next day in Moscow", () => {});
  it("knows weekends and public holidays", () => {
    expect(isWorkingDay(day(2026, 11, 25))).toBe(true); // Wednesday
    expect(isWorkingDay(day(2026, 11, 28))).toBe(false); // Saturday
    expect(isWorkingDay(day(2026, 11, 4))).toBe(false); // Unity Day
    expect(isWorkingDay(day(2027, 1, 5))).toBe(false); // New Year break
    expect(isWorkingDay(day(2027, 1, 11))).toBe(true);
  });
  it("dispatches the same day before the 14:00 cut-off, the next working day after it", () => {
    expect(dispatchDay(msk(2026, 11, 25, 13, 59))).toBe(day(2026, 11, 25));
    expect(dispatchDay(msk(2026, 11, 25, 14, 0))).toBe(day(2026, 11, 26));
    // Friday afternoon and the weekend wait for Monday
    expect(dispatchDay(msk(2026, 11, 27, 15))).toBe(day(2026, 11, 30));
    expect(dispatchDay(msk(2026, 11, 29, 10))).toBe(day(2026, 11, 30));
  });
  it("counts transit in working days, skipping the weekend and the New Year break", () => {
    expect(addWorkingDays(day(2026, 11, 27), 1)).toBe(day(2026, 11, 30));
    expect(deliveryWindow(msk(2026, 11, 25, 10), [1, 1])).toEqual({ from: day(2026, 11, 26), to: day(2026, 11, 26) });
    expect(deliveryWindow(msk(2026, 11, 26, 16), [1, 1])).toEqual({ from: day(2026, 11, 30), to: day(2026, 11, 30) });
    expect(deliveryWindow(msk(2026, 12, 30, 10), [1, 1]).from).toBe(day(2027, 1, 11));
    expect(deliveryWindow(msk(2026, 11, 25, 10), [6, 10])).toEqual({ from: day(2026, 12, 3), to: day(2026, 12, 9) });
  });
  it("adds the lead time of goods made to order (weeks) before transit", () => {
    const w = deliveryWindow(msk(2026, 11, 25, 10), [1, 1], [4, 6]);
    // ready 23 December at the earliest, 6 January at the latest (a holiday: the 11th), then one day on the road
    expect(w).toEqual({ from: day(2026, 12, 24), to: day(2027, 1, 12) });
  });
  it("speaks Russian: today, tomorrow, weekday, ranges and weeks", () => {
    const now = msk(2026, 11, 25, 10);
    expect(formatDeliveryDay(day(2026, 11, 25), now)).toBe("сегодня, 25 ноября");
    expect(formatDeliveryDay(day(2026, 11, 26), now)).toBe("завтра, 26 ноября");
    expect(formatDeliveryDay(day(2026, 11, 30), now)).toBe("пн, 30 ноября");
    expect(formatWindow({ from: day(2026, 12, 3), to: day(2026, 12, 9) }, now)).toBe("3 декабря – 9 декабря");
    expect(leadTimeText(4, 6)).toBe("4–6 недель");
    expect(leadTimeText(1, 2)).toBe("1–2 недели");
    expect(leadTimeText(1, 1)).toBe("1 неделя");
  });
});

describe("delivery by city", () => {
  it("uses the courier tariff in showroom cities and the carrier's share elsewhere", () => {
    const moscow = cityById("moscow")!;
    expect(cityDeliveryCost(moscow, 1_000_000)).toBe(99_000);
    expect(cityDeliveryCost(moscow, 5_000_000)).toBe(0);
    // 5 % of 49 990 ₽ is 2 499,50 ₽: whole roubles, rounded up
    expect(cityDeliveryCost(cityById("novosibirsk")!, 4_999_000)).toBe(250_000);
  });
  it("knows only its own cities", () => {
    expect(cityById("atlantis")).toBeNull();
    expect(cityById(undefined)).toBeNull();
    expect(DELIVERY_CITIES.map((c) => c.id)).toContain("spb");
  });
});

describe("the product page's estimate", () => {
  const now = msk(2026, 11, 25, 10);
  it("changes with the city: Moscow tomorrow by courier, Novosibirsk later by a carrier", async () => {
    const { deliveryEstimate } = await import("./delivery-estimate.ts");
    const lead = { min: 4, max: 6 };
    expect(deliveryEstimate({ now, city: "moscow", price: 1_000_000, inStock: true, lead })).toEqual({
      cityId: "moscow",
      cityName: "Москва",
      when: "завтра, 26 ноября",
      price: 99_000,
      by: "курьером",
      pickup: "завтра, 26 ноября",
    });
    const far = deliveryEstimate({ now, city: "novosibirsk", price: 1_000_000, inStock: true, lead });
    expect(far).toMatchObject({ cityName: "Новосибирск", when: "3 декабря – 9 декабря", price: 50_000, by: "транспортной компанией" });
    const preorder = deliveryEstimate({ now, city: "moscow", price: 1_000_000, inStock: false, lead });
    expect(preorder).toMatchObject({ when: "24 декабря – 12 января", pickup: null });
  });
});
