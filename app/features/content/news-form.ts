// The back office's news form: one schema with Russian words per field. The slug is
// made from the title when left empty (the seed's transliteration); the date is a Moscow calendar
// day, stored as that day's Moscow noon so every time zone shows the same date.
import { z } from "zod";
import { shopDayStart, shopToday } from "../../lib/shop-calendar.ts";
import { slugify } from "../../lib/slug.ts";

export const NEWS_BODY_MAX = 200_000;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 160;
const YMD = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MESSAGE = "Дата в формате ГГГГ-ММ-ДД, например 2026-11-25";

/** The stored instant of a Moscow calendar day (its noon), or null for a date that does not exist. */
export function newsDayToInstant(day: string): number | null {
  if (!YMD.test(day)) return null;
  const noon = shopDayStart(day) + 12 * 3_600_000;
  return Number.isNaN(noon) || shopToday(noon) !== day ? null : noon;
}

export const newsSchema = z
  .object({
    title: z.string({ error: "Укажите заголовок" }).trim().min(1, "Укажите заголовок").max(200, "Заголовок длиннее 200 символов: сократите его"),
    slug: z.string().trim().toLowerCase().default(""),
    date: z
      .string({ error: DAY_MESSAGE })
      .trim()
      .transform((s, ctx) => {
        const at = newsDayToInstant(s);
        if (at === null) ctx.addIssue({ code: "custom", message: s === "" ? "Укажите дату новости" : DAY_MESSAGE });
        return at ?? 0;
      }),
    summary: z.string().trim().max(500, "Анонс длиннее 500 символов: сократите его").default(""),
    body: z.string({ error: "Напишите текст новости" }).trim().min(1, "Напишите текст новости").max(NEWS_BODY_MAX, "Текст новости слишком длинный"),
    imageAlt: z.string().trim().max(300, "Описание картинки длиннее 300 символов").default(""),
    version: z.coerce.number({ error: "Обновите страницу и попробуйте снова" }).int().positive("Обновите страницу и попробуйте снова"),
  })
  .transform((n) => ({ ...n, slug: n.slug || slugify(n.title) }))
  .superRefine((n, ctx) => {
    if (!n.slug || n.slug.length > SLUG_MAX || !SLUG.test(n.slug))
      ctx.addIssue({ code: "custom", path: ["slug"], message: "Адрес — латинские буквы, цифры и дефисы, например otkrytie-salona" });
  });
export type NewsInput = z.output<typeof newsSchema>;
