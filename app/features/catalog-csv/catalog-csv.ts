// The catalogue CSV's columns and the reading of each cell, shared by the back office's import
// page, the command line and the export, so export → edit → import round-trips.
import { parsePrice, parseStock as parseStockCount } from "../../lib/merchant-numbers.ts";

/** the fixed columns, in export order; property columns (by code) follow */
export const BASE_COLUMNS = ["id", "slug", "title", "section", "price", "old_price", "stock", "published"] as const;
export type BaseColumn = (typeof BASE_COLUMNS)[number];

/** without these a row cannot be matched or created */
export const REQUIRED_COLUMNS: readonly BaseColumn[] = ["slug", "title", "section", "price"];

export type CellResult<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const fail = (error: string): CellResult<never> => ({ ok: false, error });

export interface CsvHeader {
  /** column index of each fixed column present */
  base: Partial<Record<BaseColumn, number>>;
  /** property code → column index */
  properties: Map<string, number>;
}

/**
 * The header line read against the known property codes: every required column must be there,
 * and an unknown name is refused (a typo would otherwise silently import nothing).
 */
export function readHeader(cells: readonly string[], propertyCodes: ReadonlySet<string>): CellResult<CsvHeader> {
  const base: CsvHeader["base"] = {};
  const properties = new Map<string, number>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  cells.forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (name === "") return;
    if ((BASE_COLUMNS as readonly string[]).includes(name)) {
      if (base[name as BaseColumn] !== undefined) repeated.push(name);
      base[name as BaseColumn] = index;
    } else if (propertyCodes.has(name)) {
      if (properties.has(name)) repeated.push(name);
      properties.set(name, index);
    } else unknown.push(raw.trim());
  });
  const missing = REQUIRED_COLUMNS.filter((c) => base[c] === undefined);
  if (missing.length > 0) return fail(`Нет обязательных столбцов: ${missing.join(", ")}`);
  if (repeated.length > 0) return fail(`Столбцы повторяются: ${repeated.join(", ")}`);
  if (unknown.length > 0) return fail(`Неизвестные столбцы: ${unknown.join(", ")} (свойства указываются кодом)`);
  return ok({ base, properties });
}

const SPACES = /[\s\u00a0\u202f]/g;

/**
 * «12 990,50», «12990.50», «12 990» → kopecks; `label` names the field in the message. The same
 * rule as 1C's prices (decision 099): above zero, at most two places, at most 100 000 000 ₽.
 */
export function parseRoubles(raw: string, label: string): CellResult<number> {
  return parsePrice(raw, label);
}

/** kopecks → «12990,50» / «12990» (no thousands spaces: Excel keeps it a number) */
export function formatRoubles(kopecks: number): string {
  const roubles = Math.floor(kopecks / 100);
  const rest = kopecks % 100;
  return rest === 0 ? String(roubles) : `${roubles},${String(rest).padStart(2, "0")}`;
}

/** whole pieces up to the shared bound (decision 099); a negative stock is refused */
export function parseStock(raw: string): CellResult<number> {
  return parseStockCount(raw, "refuse");
}

const YES = new Set(["1", "да", "yes", "true", "+"]);
const NO = new Set(["0", "нет", "no", "false", "-"]);

export function parsePublished(raw: string): CellResult<boolean> {
  const text = raw.trim().toLowerCase();
  if (YES.has(text)) return ok(true);
  if (NO.has(text)) return ok(false);
  return fail(`Публикация: 1 или 0 (да или нет), а не «${raw.trim()}»`);
}

export function parseSlug(raw: string): CellResult<string> {
  const text = raw.trim().toLowerCase();
  if (text === "") return fail("Не указан адрес (slug)");
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(text) || text.length > 160) return fail(`Адрес «${raw.trim()}»: только латиница, цифры и дефисы`);
  return ok(text);
}

export function parseTitle(raw: string): CellResult<string> {
  const text = raw.trim().replace(/\s+/g, " ");
  if (text === "") return fail("Не указано название");
  if (text.length > 300) return fail("Название длиннее 300 знаков");
  return ok(text);
}

/** a number property as the storefront shows it: «120», «12,5», «120 см» */
export function parseNumberValue(raw: string, unit: string): number | null {
  let text = raw.trim();
  if (unit && text.toLowerCase().endsWith(unit.toLowerCase())) text = text.slice(0, -unit.length);
  text = text.replace(SPACES, "").replace(",", ".");
  return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : null;
}

export function formatNumberValue(value: number): string {
  return String(value).replace(".", ",");
}

/** the values of a multi property cell: «дуб|орех» */
export function splitMulti(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split("|")
        .map((v) => v.trim())
        .filter((v) => v !== ""),
    ),
  ].sort((a, b) => a.localeCompare(b, "ru"));
}
