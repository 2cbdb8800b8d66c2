// Values kept as JSON text in a column, read by parsing that checks, never by casting what JSON.parse
// gives: a hand-edited, half-migrated or truncated row must not turn into a value of the wrong shape
// deep inside the code. Two ways a bad row ends, chosen by what the row is:
// - data a page shows (pictures, set items, a request's fields, an audit entry): a fallback —
//   parseJsonList keeps the items that pass the guard, readJsonColumn with `{ fallback }` gives
//   the fallback — so one bad row never answers a page with 500;
// - the system's own state (an exchange session, the 1C import's progress, a staged record):
//   readJsonColumn with the column's name throws JsonColumnError naming the column and what is
//   wrong, and the request fails with that in the log, instead of going on with a wrong state
//   and writing it back.
import type { z } from "zod";
import type { ProductImage } from "../db/schema.ts";

export function parseJsonList<T>(json: string, keep: (v: unknown) => v is T): T[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter(keep) : [];
  } catch {
    return [];
  }
}

export const isProductImage = (v: unknown): v is ProductImage =>
  typeof v === "object" && v !== null && typeof (v as ProductImage).src === "string" && (v as ProductImage).src.startsWith("/");

export const isNonEmptyString = (v: unknown): v is string => typeof v === "string" && v.length > 0;

export const isInteger = (v: unknown): v is number => Number.isInteger(v);

/** The card picture: the first usable image of a product's `images` column. */
export function firstProductImage(json: string): ProductImage | null {
  return parseJsonList(json, isProductImage)[0] ?? null;
}

/** A JSON column of the system's own state that does not hold what the code wrote there. */
export class JsonColumnError extends Error {
  override name = "JsonColumnError";
}

/**
 * The value of a JSON column checked against `schema`. Given `column` (the table and column, and
 * the row where it helps: "exchange_imports.state of session 1a2b…"), a bad row throws
 * JsonColumnError naming it and the first problem found; the row's content stays out of the
 * message, as it may hold a customer's data. Given `{ fallback }`, a bad row gives the fallback.
 */
export function readJsonColumn<T>(json: string, schema: z.ZodType<T>, column: string): T;
export function readJsonColumn<T, F>(json: string, schema: z.ZodType<T>, bad: { fallback: F }): T | F;
export function readJsonColumn<T, F>(json: string, schema: z.ZodType<T>, bad: string | { fallback: F }): T | F {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    if (typeof bad !== "string") return bad.fallback;
    throw new JsonColumnError(`${bad} is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (typeof bad !== "string") return bad.fallback;
  const issue = parsed.error.issues[0];
  const at = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
  throw new JsonColumnError(`${bad} does not hold what the code wrote there${at}: ${issue?.message ?? "wrong shape"}`);
}
