// The back office's content forms: the warning banner, a page, a showroom. One schema
// each, Russian words per field, used by the actions; the banner's date range is read in Moscow
// days, as the shop's staff think of them.
import { z } from "zod";
import { normalizePhone, PHONE_FORMAT_MESSAGE } from "../../lib/phone.ts";

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (s: string) => YMD.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const optionalDay = (message: string) =>
  z
    .string()
    .trim()
    .refine((s) => s === "" || validDay(s), { error: message })
    .transform((s) => (s === "" ? null : s));
const version = z.coerce.number({ error: "Обновите страницу и попробуйте снова" }).int().positive("Обновите страницу и попробуйте снова");

export const BANNER_TEXT_MAX = 300;

export const bannerSchema = z
  .object({
    text: z.string().trim().min(1, "Напишите текст объявления").max(BANNER_TEXT_MAX, `Текст длиннее ${BANNER_TEXT_MAX} символов: сократите его`),
    enabled: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "1" || v === "true"),
    startsOn: optionalDay("Дата начала в формате ГГГГ-ММ-ДД"),
    endsOn: optionalDay("Дата окончания в формате ГГГГ-ММ-ДД"),
    version,
  })
  .refine((b) => b.startsOn === null || b.endsOn === null || b.startsOn <= b.endsOn, { path: ["endsOn"], error: "Дата окончания раньше даты начала" });
export type BannerInput = z.output<typeof bannerSchema>;

export interface BannerSchedule {
  enabled: boolean;
  startsOn: string | null;
  endsOn: string | null;
}

/** Whether the banner shows on `today` (Moscow, YYYY-MM-DD): switched on and within its days, both ends included. */
export function bannerShowsOn(banner: BannerSchedule, today: string): boolean {
  if (!banner.enabled) return false;
  if (banner.startsOn !== null && today < banner.startsOn) return false;
  return banner.endsOn === null || today <= banner.endsOn;
}

export const PAGE_BODY_MAX = 200_000;

export const pageSchema = z.object({
  title: z.string().trim().min(1, "Укажите заголовок").max(200, "Заголовок длиннее 200 символов: сократите его"),
  summary: z.string().trim().max(500, "Описание длиннее 500 символов: сократите его").default(""),
  body: z.string().trim().min(1, "Страница не может быть пустой").max(PAGE_BODY_MAX, "Текст страницы слишком длинный"),
  version,
});
export type PageInput = z.output<typeof pageSchema>;

/** one value per line (or comma separated), blanks dropped */
const lines = (raw: string) =>
  raw
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

const coordinate = (name: string, asked: string, max: number) =>
  z
    .string({ error: `Укажите ${asked}` })
    .trim()
    .min(1, `Укажите ${asked}`)
    .transform((s) => Number(s.replace(",", ".")))
    .refine((n) => Number.isFinite(n) && Math.abs(n) <= max, { error: `${name} — число от −${max} до ${max}, например ${max === 90 ? "55.7601" : "37.6187"}` });

export const showroomSchema = z.object({
  title: z.string().trim().min(1, "Укажите название").max(200, "Название длиннее 200 символов"),
  city: z.string().trim().min(1, "Укажите город").max(120, "Название города длиннее 120 символов"),
  address: z.string().trim().min(1, "Укажите адрес").max(300, "Адрес длиннее 300 символов"),
  phones: z
    .string()
    .default("")
    .transform(lines)
    .refine((list) => list.every((p) => normalizePhone(p) !== null), { error: PHONE_FORMAT_MESSAGE })
    .transform((list) => list.map((p) => normalizePhone(p) ?? p)),
  emails: z
    .string()
    .default("")
    .transform(lines)
    .refine((list) => list.every((e) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)), { error: "Укажите e-mail в формате name@example.ru, по одному в строке" }),
  hours: z.string().trim().max(200, "Часы работы длиннее 200 символов").default(""),
  kind: z.enum(["showroom", "warehouse"], { error: "Выберите тип: салон или склад" }),
  lat: coordinate("Широта", "широту", 90),
  lon: coordinate("Долгота", "долготу", 180),
  version,
});
export type ShowroomInput = z.output<typeof showroomSchema>;

/** roubles as staff type them («290», «290,50», «1 290») → kopecks */
const roubles = (label: string) =>
  z
    .string({ error: `Укажите ${label}` })
    .trim()
    .min(1, `Укажите ${label}`)
    .transform((s) => s.replace(/[\s\u00a0]/g, "").replace(",", "."))
    .refine((s) => /^\d{1,7}(\.\d{1,2})?$/.test(s), { error: "Сумма в рублях, не меньше 0, например 290 или 290,50" })
    .transform((s) => Math.round(Number(s) * 100));

export const liftTariffsSchema = z.object({
  stairsPerFloorPer50kg: roubles("цену за этаж"),
  passengerLiftPer50kg: roubles("цену с пассажирским лифтом"),
  freightLiftPer100kg: roubles("цену с грузовым лифтом"),
  version,
});
