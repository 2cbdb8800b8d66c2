// The back office's section forms (decision 079): add (title, address, parent), edit (title,
// parent), the «Выше»/«Ниже» buttons and the facet choice. Zod schemas with the Russian words per
// field; what needs the database (the address is free, the parent exists and is not inside the
// section) is the domain's check.
import { z } from "zod";
import { slugify } from "../../lib/slug.ts";

export const SECTION_TITLE_MAX = 200;
export const SECTION_SLUG_MAX = 120;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SECTION_MESSAGES = {
  title: "Укажите название раздела",
  titleLong: `Название длиннее ${SECTION_TITLE_MAX} символов: сократите его`,
  slug: "Адрес — латинские буквы, цифры и дефисы, например «uglovye-divany»",
  slugTaken: "Такой адрес уже у другого раздела: выберите другой",
  parentUnknown: "Такого раздела нет: выберите родителя из списка",
  parentInside: "Нельзя перенести раздел в него самого или в его подраздел",
  conflict: "Раздел изменил другой сотрудник: обновите страницу и повторите",
  version: "Обновите страницу и попробуйте снова",
} as const;

const version = z.coerce.number({ error: SECTION_MESSAGES.version }).int().positive(SECTION_MESSAGES.version);
const title = z.string({ error: SECTION_MESSAGES.title }).trim().min(1, SECTION_MESSAGES.title).max(SECTION_TITLE_MAX, SECTION_MESSAGES.titleLong);
/** "" (or nothing): the top level; else a section id */
const parent = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim())
  .refine((v) => v === "" || /^\d{1,9}$/.test(v), { error: SECTION_MESSAGES.parentUnknown })
  .transform((v) => (v === "" ? null : Number(v)));

export const sectionAddSchema = z
  .object({
    title,
    slug: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim().toLowerCase()),
    parentId: parent,
  })
  .transform((v, ctx) => {
    // an empty address is made from the title, the way the seed made the shop's own
    const slug = v.slug || slugify(v.title);
    if (!SLUG.test(slug) || slug.length > SECTION_SLUG_MAX) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: SECTION_MESSAGES.slug });
      return z.NEVER;
    }
    return { ...v, slug };
  });
export type SectionAddInput = z.output<typeof sectionAddSchema>;

export const sectionEditSchema = z.object({ title, parentId: parent, version });
export type SectionEditInput = z.output<typeof sectionEditSchema>;

export const sectionMoveSchema = z.object({
  id: z.coerce.number().int().positive(),
  direction: z.enum(["up", "down"]),
  version,
});

export const sectionDeleteSchema = z.object({ version });

const FACET_CODE = /^[a-z0-9_-]{1,60}$/;

/**
 * The facet form as submitted: every row's code in the order shown (`code`, repeated), the ticked
 * ones (`shown`, repeated) and, for «Выше»/«Ниже», `move` = "up:<code>" or "down:<code>".
 */
export function parseFacetForm(
  form: FormData,
): { codes: string[]; shown: Set<string>; move: { code: string; direction: "up" | "down" } | null; version: number } | null {
  const codes = form.getAll("code").map(String);
  const shown = new Set(form.getAll("shown").map(String));
  const versionResult = version.safeParse(form.get("version"));
  if (!versionResult.success || codes.length > 200 || !codes.every((c) => FACET_CODE.test(c)) || new Set(codes).size !== codes.length) return null;
  const rawMove = String(form.get("move") ?? "");
  const m = /^(up|down):([a-z0-9_-]{1,60})$/.exec(rawMove);
  return { codes, shown, move: m ? { direction: m[1] as "up" | "down", code: m[2]! } : null, version: versionResult.data };
}
