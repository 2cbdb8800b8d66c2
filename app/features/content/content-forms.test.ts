import { describe, expect, it } from "vitest";
import { bannerSchema, bannerShowsOn, showroomSchema } from "./content-forms.ts";
import { shopToday } from "../../lib/shop-calendar.ts";
import { parseFields } from "../../lib/form-fields.ts";

describe("bannerShowsOn", () => {
  const on = { enabled: true, startsOn: "2026-12-30", endsOn: "2027-01-08" };
  it("shows within its days, both ends included", () => {
    expect(bannerShowsOn(on, "2026-12-29")).toBe(false);
    expect(bannerShowsOn(on, "2026-12-30")).toBe(true);
    expect(bannerShowsOn(on, "2027-01-08")).toBe(true);
    expect(bannerShowsOn(on, "2027-01-09")).toBe(false);
  });
  it("never shows when switched off, always when on without dates", () => {
    expect(bannerShowsOn({ ...on, enabled: false }, "2027-01-01")).toBe(false);
    expect(bannerShowsOn({ enabled: true, startsOn: null, endsOn: null }, "1999-01-01")).toBe(true);
  });
});

describe("shopToday", () => {
  it("turns the day at Moscow midnight (21:00 UTC)", () => {
    expect(shopToday(Date.UTC(2026, 11, 29, 20, 59))).toBe("2026-12-29");
    expect(shopToday(Date.UTC(2026, 11, 29, 21, 0))).toBe("2026-12-30");
  });
});

describe("bannerSchema", () => {
  it("answers in Russian at the field", () => {
    const r = parseFields(bannerSchema, { text: " ", startsOn: "2026-13-01", endsOn: "", version: "1" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.text).toBe("Напишите текст объявления");
    expect(r.errors.startsOn).toMatch(/ГГГГ-ММ-ДД/);
  });
  it("refuses an end before the start", () => {
    const r = parseFields(bannerSchema, { text: "Скидки", startsOn: "2026-12-10", endsOn: "2026-12-01", version: "1" });
    expect(r.ok ? null : r.errors.endsOn).toBe("Дата окончания раньше даты начала");
  });
  it("reads a ticked box and empty dates", () => {
    const r = parseFields(bannerSchema, { text: "Скидки", enabled: "on", startsOn: "", endsOn: "", version: "3" });
    expect(r.ok && r.data).toEqual({ text: "Скидки", enabled: true, startsOn: null, endsOn: null, version: 3 });
  });
});

describe("showroomSchema", () => {
  const good = {
    title: "Салон",
    city: "Москва",
    address: "ул. Ленина, 1",
    phones: "8 495 123 45 67\n",
    emails: "a@b.ru",
    hours: "",
    kind: "showroom",
    version: "1",
  };
  it("takes typed coordinates with a comma or a point and one phone per line", () => {
    const r = parseFields(showroomSchema, { ...good, lat: "55,75", lon: "37.61" });
    expect(r.ok && [r.data.lat, r.data.lon, r.data.phones]).toEqual([55.75, 37.61, ["+7 (495) 123-45-67"]]);
  });
  it("refuses coordinates off the globe or missing, and a bad e-mail", () => {
    const r = parseFields(showroomSchema, { ...good, emails: "нет", lat: "95", lon: "" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.lat).toBe("Широта — число от −90 до 90, например 55.7601");
    expect(r.errors.lon).toBe("Укажите долготу");
    expect(r.errors.emails).toMatch(/e-mail/);
  });
});
