import { describe, expect, it } from "vitest";
import { parseFields } from "../../lib/form-fields.ts";
import { newsDayToInstant, newsSchema } from "./news-form.ts";

const good = { title: "Открытие салона в Казани", slug: "", date: "2026-11-25", summary: "", body: "<p>Ждём вас</p>", imageAlt: "", version: "1" };

describe("newsSchema", () => {
  it("makes the slug from the title when it is left empty", () => {
    const r = parseFields(newsSchema, good);
    expect(r.ok && r.data.slug).toBe("otkrytie-salona-v-kazani");
  });

  it("keeps the date a Moscow day: noon in Moscow", () => {
    const r = parseFields(newsSchema, good);
    expect(r.ok && r.data.date).toBe(Date.UTC(2026, 10, 25, 9, 0));
  });

  it("answers in Russian at each field", () => {
    const r = parseFields(newsSchema, { ...good, title: " ", slug: "Не латиница", date: "2026-02-30", body: "" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.title).toBe("Укажите заголовок");
    expect(r.errors.date).toBe("Дата в формате ГГГГ-ММ-ДД, например 2026-11-25");
    expect(r.errors.body).toBe("Напишите текст новости");
  });

  it("refuses a slug that is not Latin words joined by hyphens", () => {
    const r = parseFields(newsSchema, { ...good, slug: "otkrytie salona" });
    expect(r.ok ? null : r.errors.slug).toBe("Адрес — латинские буквы, цифры и дефисы, например otkrytie-salona");
  });
});

describe("newsDayToInstant", () => {
  it("refuses days that do not exist", () => {
    expect(newsDayToInstant("2026-13-01")).toBeNull();
    expect(newsDayToInstant("25.11.2026")).toBeNull();
  });
});
