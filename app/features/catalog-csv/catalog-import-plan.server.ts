// Planning a catalogue CSV (decisions 098 and 104): the file read as a stream into a plan kept in
// the database (`import_rows`: rows to create, to change with before → after, unchanged, in error),
// a chunk at a time, so nothing that grows with the file is held in memory. Kept apart from the
// page's side of the import (catalog-import.server.ts) so that a worker thread can run it with a
// connection of its own (catalog-import.worker.ts) while the server's thread goes on serving
// visitors; the command line runs it in its own process.
import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database, PropertyKind } from "../../db/schema.ts";
import type { FieldChange, ImportCounts } from "./catalog-import-types.ts";
import { lineRanges } from "./catalog-import-apply.server.ts";
import {
  checkDecodedText,
  CsvError,
  CsvReader,
  detectSeparator,
  EncodingSniffer,
  restoreCell,
  type CsvEncoding,
  type CsvRecord,
  type CsvSeparator,
} from "../../lib/csv.ts";
import {
  formatNumberValue,
  formatRoubles,
  parseNumberValue,
  parsePublished,
  parseRoubles,
  parseSlug,
  parseStock,
  parseTitle,
  readHeader,
  splitMulti,
  type CellResult,
  type CsvHeader,
} from "./catalog-csv.ts";

type Reader = Db["kysely"] | Transaction<Database>;

/** The file's bytes, read from the start each time it is called (the file is read twice). */
export type ByteSource = () => AsyncIterable<Uint8Array>;

/** a file held in memory (tests, small files) as a ByteSource of 64 KB slices */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return async function* () {
    for (let i = 0; i < bytes.length; i += 65_536) yield bytes.subarray(i, i + 65_536);
  };
}

interface ProductState {
  id: number;
  slug: string;
  title: string;
  section_id: number;
  price: number;
  old_price: number | null;
  stock: number;
  published: number;
  version: number;
  /** how many variants the model has: a row of this file sets the price and stock of one */
  variants: number | string;
}

interface PropertyInfo {
  id: number;
  code: string;
  title: string;
  kind: PropertyKind;
  unit: string;
  /** values the shop already uses (enum and multi): anything else is refused as a typo */
  known: Set<string>;
}

/** the file is not a catalogue CSV at all (encoding, structure, header) */
export class CatalogFileError extends Error {}

const FIELD_TITLES: Record<string, string> = {
  slug: "Адрес",
  title: "Название",
  section: "Раздел",
  price: "Цена",
  old_price: "Старая цена",
  stock: "Остаток",
  published: "Опубликован",
};

/** records planned per step: one step is a few queries and a few milliseconds of work */
const CHUNK = 500;

/** first titles shown as they will read */
const TITLE_SAMPLE = 5;
export const SESSION_TTL_MS = 60 * 60 * 1000;

async function loadProperties(db: Reader): Promise<Map<string, PropertyInfo>> {
  const rows = await db.selectFrom("properties").select(["id", "code", "title", "kind", "unit"]).execute();
  const values = await db
    .selectFrom("product_values")
    .innerJoin("properties", "properties.id", "product_values.property_id")
    .where("properties.kind", "in", ["enum", "multi"])
    .where("product_values.value_text", "is not", null)
    .select(["product_values.property_id", "product_values.value_text"])
    .distinct()
    .execute();
  const byCode = new Map<string, PropertyInfo>();
  const byId = new Map<number, PropertyInfo>();
  for (const r of rows) {
    const info: PropertyInfo = { ...r, code: r.code.toLowerCase(), known: new Set() };
    byCode.set(info.code, info);
    byId.set(r.id, info);
  }
  for (const v of values) byId.get(v.property_id)?.known.add(v.value_text!);
  return byCode;
}

/** product id → property id → the value as the CSV writes it (only `productIds`, when given) */
export async function loadValues(
  db: Reader,
  properties: readonly Pick<PropertyInfo, "id" | "kind">[],
  productIds?: readonly number[],
): Promise<Map<number, Map<number, string>>> {
  const out = new Map<number, Map<number, string>>();
  if (properties.length === 0 || productIds?.length === 0) return out;
  const kinds = new Map(properties.map((p) => [p.id, p.kind]));
  let query = db
    .selectFrom("product_values")
    .where(
      "property_id",
      "in",
      properties.map((p) => p.id),
    )
    .select(["product_id", "property_id", "value_text", "value_num"]);
  if (productIds) query = query.where("product_id", "in", productIds);
  const rows = await query.execute();
  const multi = new Map<string, string[]>();
  for (const r of rows) {
    let values = out.get(r.product_id);
    if (!values) out.set(r.product_id, (values = new Map()));
    if (kinds.get(r.property_id) === "number") values.set(r.property_id, r.value_num === null ? "" : formatNumberValue(r.value_num));
    else if (kinds.get(r.property_id) === "multi") {
      const key = `${r.product_id}:${r.property_id}`;
      const list = multi.get(key) ?? [];
      list.push(r.value_text ?? "");
      multi.set(key, list);
    } else values.set(r.property_id, r.value_text ?? "");
  }
  for (const [key, list] of multi) {
    const [productId, propertyId] = key.split(":").map(Number) as [number, number];
    out.get(productId)!.set(propertyId, splitMulti(list.join("|")).join("|"));
  }
  return out;
}

function readProperty(info: PropertyInfo, raw: string): CellResult<string> {
  const text = raw.trim();
  if (text === "") return { ok: true, value: "" };
  if (info.kind === "number") {
    const n = parseNumberValue(text, info.unit);
    return n === null ? { ok: false, error: `${info.title}: не число «${text}»` } : { ok: true, value: formatNumberValue(n) };
  }
  const values = info.kind === "multi" ? splitMulti(text) : [text];
  const unknown = values.filter((v) => !info.known.has(v));
  if (unknown.length > 0) return { ok: false, error: `${info.title}: неизвестное значение «${unknown.join("», «")}»` };
  return { ok: true, value: values.join("|") };
}

const show = {
  money: (k: number | null) => (k === null ? "—" : `${formatRoubles(k)} ₽`),
  flag: (v: number) => (v ? "да" : "нет"),
};

/** what a session keeps besides its rows (import_sessions.summary) */
export interface ImportSummary {
  encoding: CsvEncoding;
  separator: CsvSeparator;
  rows: number;
  counts: ImportCounts;
  titles: string[];
  /** the property columns of the file: «Применить» replaces exactly these values */
  propertyIds: number[];
}

/** everything a step of the plan needs that does not grow with the file */
export interface PlanContext {
  sessionId: string;
  header: CsvHeader;
  /** cells in the header line: more in a row is a row error */
  width: number;
  /** columns with no name: a value under one is a row error, never silently dropped */
  unnamed: number[];
  fileProps: PropertyInfo[];
  sectionBySlug: Map<string, { id: number; title: string }>;
  sectionByTitle: Map<string, { id: number; title: string }>;
  sectionTitle: Map<number, string>;
  summary: ImportSummary;
}

export const failAs = (e: unknown): never => {
  if (e instanceof CsvError) throw new CatalogFileError(e.line === null ? e.message : `Строка ${e.line}: ${e.message}`);
  throw e;
};

/** Encoding (a damaged UTF-8 file is refused with its line), separator and header, read without holding the file. */
async function openFile(db: Reader, source: ByteSource): Promise<Omit<PlanContext, "sessionId">> {
  const sniffer = new EncodingSniffer();
  let empty = true;
  try {
    for await (const bytes of source()) {
      if (bytes.length > 0) empty = false;
      sniffer.push(bytes);
    }
  } catch (e) {
    failAs(e);
  }
  if (empty) throw new CatalogFileError("Файл пустой: нужна строка заголовков и строки товаров");
  let encoding: CsvEncoding = "utf-8";
  try {
    encoding = sniffer.result();
  } catch (e) {
    failAs(e);
  }
  // the header line: decode until the first record is complete
  const decoder = new TextDecoder(encoding);
  let reader: CsvReader | null = null;
  let separator: CsvSeparator = ";";
  let first: CsvRecord | undefined;
  let seen = "";
  try {
    for await (const bytes of source()) {
      const text = decoder.decode(bytes, { stream: true });
      checkDecodedText(text);
      if (!reader) {
        seen += text;
        if (!/[\r\n]/.test(seen) && seen.length < 65_536) continue;
        separator = detectSeparator(seen);
        reader = new CsvReader(separator);
        first = reader.push(seen)[0];
      } else first = reader.push(text)[0];
      if (first) break;
    }
    if (!reader) {
      separator = detectSeparator(seen);
      reader = new CsvReader(separator);
      first = reader.push(seen)[0];
    }
    first ??= reader.end()[0];
  } catch (e) {
    failAs(e);
  }
  if (!first) throw new CatalogFileError("Файл пустой: нужна строка заголовков и строки товаров");
  const propertiesByCode = await loadProperties(db);
  const header = readHeader(first.cells, new Set(propertiesByCode.keys()));
  if (!header.ok) throw new CatalogFileError(header.error);
  const fileProps = [...header.value.properties.keys()].map((code) => propertiesByCode.get(code)!);
  const sections = await db.selectFrom("sections").select(["id", "slug", "title"]).execute();
  return {
    header: header.value,
    width: first.cells.length,
    unnamed: first.cells.flatMap((c, i) => (c.trim() === "" ? [i] : [])),
    fileProps,
    sectionBySlug: new Map(sections.map((s) => [s.slug, s])),
    sectionByTitle: new Map(sections.map((s) => [s.title.toLowerCase(), s])),
    sectionTitle: new Map(sections.map((s) => [s.id, s.title])),
    summary: {
      encoding,
      separator,
      rows: 0,
      counts: { create: 0, change: 0, unchanged: 0, errors: 0 },
      titles: [],
      propertyIds: fileProps.map((p) => p.id),
    },
  };
}

type StagedRow = Database["import_rows"];
type StagedValue = Database["import_values"];

/** Plans one chunk of records against the database as it is and stores the result in import_rows. */
async function planChunk(db: Reader, ctx: PlanContext, records: CsvRecord[]): Promise<void> {
  const { base, properties: propColumns } = ctx.header;
  const cellsOf = records.map((r) => r.cells.map(restoreCell));
  const at = (cells: string[], column: keyof typeof base) => (base[column] === undefined ? undefined : (cells[base[column]!] ?? ""));
  // the products the chunk names, by id and by slug, and what earlier lines of the file claimed
  const ids = new Set<number>();
  const slugs = new Set<string>();
  for (const cells of cellsOf) {
    const idText = at(cells, "id")?.trim() ?? "";
    if (/^\d{1,15}$/.test(idText)) ids.add(Number(idText));
    const slug = parseSlug(at(cells, "slug")!);
    if (slug.ok) slugs.add(slug.value);
  }
  const columns = ["id", "slug", "title", "section_id", "price", "old_price", "stock", "published", "version"] as const;
  const products = () =>
    db
      .selectFrom("products")
      .select(columns)
      .select((eb) =>
        eb
          .selectFrom("product_variants")
          .select(eb.fn.countAll<number | string>().as("n"))
          .whereRef("product_variants.product_id", "=", "products.id")
          .as("variants"),
      )
      .$narrowType<{ variants: number | string }>();
  const found = [
    ...(ids.size > 0
      ? await products()
          .where("id", "in", [...ids])
          .execute()
      : []),
    ...(slugs.size > 0
      ? await products()
          .where("slug", "in", [...slugs])
          .execute()
      : []),
  ];
  const byId = new Map<number, ProductState>(found.map((p) => [p.id, p]));
  const bySlug = new Map<string, ProductState>(found.map((p) => [p.slug, p]));
  /** slug → the line that claimed it in this file */
  const claimed = new Map<string, number>();
  const touched = new Set<number>();
  if (slugs.size > 0)
    for (const r of await db
      .selectFrom("import_rows")
      .select(["slug", "line"])
      .where("session_id", "=", ctx.sessionId)
      .where("slug", "in", [...slugs])
      .execute())
      if (!claimed.has(r.slug!)) claimed.set(r.slug!, r.line);
  if (byId.size > 0)
    for (const r of await db
      .selectFrom("import_rows")
      .select("product_id")
      .where("session_id", "=", ctx.sessionId)
      .where("product_id", "in", [...byId.keys()])
      .execute())
      touched.add(r.product_id!);
  const currentValues = await loadValues(db, ctx.fileProps, [...byId.keys()]);

  const rows: StagedRow[] = [];
  const values: StagedValue[] = [];
  const { counts, titles } = ctx.summary;
  records.forEach((record, index) => {
    const cells = cellsOf[index]!;
    const cell = (column: keyof typeof base) => at(cells, column);
    const problems: string[] = [];
    const take = <T>(r: CellResult<T>): T | undefined => {
      if (r.ok) return r.value;
      problems.push(r.error);
      return undefined;
    };
    const extra = cells.slice(ctx.width).filter((c) => c.trim() !== "").length;
    if (extra > 0) problems.push(`В строке ${cells.length} значений, а в заголовке ${ctx.width} столбцов: лишние значения не будут прочитаны`);
    for (const i of ctx.unnamed)
      if ((cells[i] ?? "").trim() !== "") problems.push(`Значение «${cells[i]!.trim()}» в столбце ${i + 1} без названия в заголовке`);
    const idText = cell("id")?.trim() ?? "";
    let existing: ProductState | undefined;
    if (idText !== "") {
      if (!/^\d{1,15}$/.test(idText)) problems.push(`id — целое число, а не «${idText}»`);
      else if (!(existing = byId.get(Number(idText)))) problems.push(`Товара с id ${idText} нет`);
    }
    const slug = take(parseSlug(cell("slug")!));
    if (slug !== undefined && idText === "") existing = bySlug.get(slug);
    if (existing && touched.has(existing.id)) problems.push(`Товар ${existing.slug} уже есть в файле выше`);
    // one row is one variant's price and stock: a model with several waits for the file that names
    // them (docs/decisions/108-product-variants.md, WP-C)
    if (existing && Number(existing.variants) > 1) problems.push(`У товара ${existing.slug} несколько вариантов: их цены и остатки этот файл не меняет`);
    if (slug !== undefined) {
      const owner = bySlug.get(slug);
      if (claimed.has(slug)) problems.push(`Адрес «${slug}» повторяется (строка ${claimed.get(slug)})`);
      else if (owner && existing && owner.id !== existing.id) problems.push(`Адрес «${slug}» уже занят другим товаром (id ${owner.id})`);
    }
    const titleText = cell("title")!;
    if (titles.length < TITLE_SAMPLE && titleText.trim() !== "") titles.push(titleText.trim().slice(0, 120));
    const title = take(parseTitle(titleText));
    const sectionText = cell("section")!.trim();
    const section = ctx.sectionBySlug.get(sectionText.toLowerCase()) ?? ctx.sectionByTitle.get(sectionText.toLowerCase());
    if (!section) problems.push(sectionText === "" ? "Не указан раздел" : `Неизвестный раздел «${sectionText}»`);
    const priceText = cell("price")!;
    const price = priceText.trim() === "" ? (problems.push("Не указана цена"), undefined) : take(parseRoubles(priceText, "Цена"));
    if (price === 0) problems.push("Цена должна быть больше нуля");
    const oldText = cell("old_price");
    let oldPrice: number | null | undefined = oldText === undefined ? (existing?.old_price ?? null) : null;
    if (oldText !== undefined && oldText.trim() !== "") oldPrice = take(parseRoubles(oldText, "Старая цена"));
    if (typeof oldPrice === "number" && price !== undefined && oldPrice < price)
      problems.push(`Старая цена ${show.money(oldPrice)} ниже цены ${show.money(price)}`);
    const stockText = cell("stock");
    const stock = stockText === undefined || stockText.trim() === "" ? (existing?.stock ?? 0) : take(parseStock(stockText));
    const publishedText = cell("published");
    const published =
      publishedText === undefined || publishedText.trim() === "" ? (existing ? existing.published === 1 : true) : take(parsePublished(publishedText));
    const props = new Map<number, string>();
    for (const info of ctx.fileProps) {
      const value = take(readProperty(info, cells[propColumns.get(info.code)!] ?? ""));
      if (value !== undefined) props.set(info.id, value);
    }
    if (slug !== undefined) claimed.set(slug, record.line);
    if (existing) touched.add(existing.id);
    const staged = {
      session_id: ctx.sessionId,
      line: record.line,
      product_id: existing?.id ?? null,
      version: existing?.version ?? null,
      slug: slug ?? null,
      title: title ?? null,
      // the model's only variant until the CSV names variants (decision 108, section 7)
      variant_id: null,
      article: null,
    };
    if (
      problems.length > 0 ||
      slug === undefined ||
      title === undefined ||
      !section ||
      price === undefined ||
      oldPrice === undefined ||
      stock === undefined ||
      published === undefined
    ) {
      counts.errors++;
      rows.push({
        ...staged,
        kind: "error",
        section_id: null,
        price: null,
        old_price: null,
        stock: null,
        published: null,
        detail: JSON.stringify(problems.join("; ")),
      });
      return;
    }
    const row = { ...staged, section_id: section.id, price, old_price: oldPrice, stock, published: published ? 1 : 0 };
    const stageValues = () => {
      for (const [propertyId, text] of props) {
        if (text === "") continue;
        const kind = ctx.fileProps.find((p) => p.id === propertyId)!.kind;
        if (kind === "number")
          values.push({ session_id: ctx.sessionId, line: record.line, property_id: propertyId, value_text: null, value_num: Number(text.replace(",", ".")) });
        else
          for (const v of kind === "multi" ? text.split("|") : [text])
            values.push({ session_id: ctx.sessionId, line: record.line, property_id: propertyId, value_text: v, value_num: null });
      }
    };
    if (!existing) {
      counts.create++;
      rows.push({ ...row, kind: "create", detail: null });
      stageValues();
      return;
    }
    const fields: FieldChange[] = [];
    const diff = (field: string, before: string, after: string) => before !== after && fields.push({ field: FIELD_TITLES[field] ?? field, before, after });
    diff("slug", existing.slug, slug);
    diff("title", existing.title, title);
    diff("section", ctx.sectionTitle.get(existing.section_id) ?? "", section.title);
    diff("price", show.money(existing.price), show.money(price));
    diff("old_price", show.money(existing.old_price), show.money(oldPrice));
    diff("stock", String(existing.stock), String(stock));
    diff("published", show.flag(existing.published), show.flag(row.published));
    const now = currentValues.get(existing.id);
    for (const info of ctx.fileProps) diff(info.title, now?.get(info.id) ?? "", props.get(info.id)!);
    if (fields.length === 0) {
      counts.unchanged++;
      rows.push({ ...row, kind: "unchanged", detail: null });
    } else {
      counts.change++;
      rows.push({ ...row, kind: "change", detail: JSON.stringify(fields) });
      stageValues();
    }
  });
  // 15 parameters a row: 400 rows stay under every driver's limit
  for (let i = 0; i < rows.length; i += 400)
    await db
      .insertInto("import_rows")
      .values(rows.slice(i, i + 400))
      .execute();
  for (let i = 0; i < values.length; i += 1000)
    await db
      .insertInto("import_values")
      .values(values.slice(i, i + 1000))
      .execute();
}

/** Reads the whole file into import_rows, a chunk at a time, yielding to other requests between chunks. */
async function buildPreview(db: Db, ctx: PlanContext, source: ByteSource): Promise<void> {
  const decoder = new TextDecoder(ctx.summary.encoding);
  const reader = new CsvReader(ctx.summary.separator);
  let header = true;
  let batch: CsvRecord[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    ctx.summary.rows += batch.length;
    await planChunk(db.kysely, ctx, batch);
    batch = [];
    // the session is gone (another file uploaded, or applied): stop here
    const kept = await db.kysely
      .updateTable("import_sessions")
      .set({ summary: JSON.stringify(ctx.summary) })
      .where("id", "=", ctx.sessionId)
      .executeTakeFirst();
    if (kept.numUpdatedRows === 0n) throw new SessionGone();
    await nextTurn();
  };
  const take = async (records: CsvRecord[]) => {
    for (const r of records) {
      if (header) {
        header = false;
        continue;
      }
      batch.push(r);
      if (batch.length >= CHUNK) await flush();
    }
  };
  try {
    for await (const bytes of source()) {
      const text = decoder.decode(bytes, { stream: true });
      checkDecodedText(text);
      await take(reader.push(text));
    }
    const tail = decoder.decode();
    checkDecodedText(tail);
    await take(reader.push(tail));
    await take(reader.end());
    await flush();
  } catch (e) {
    failAs(e);
  }
}

class SessionGone extends Error {}

/**
 * Checks a file's encoding and header (a CatalogFileError in Russian for a file that is not a
 * catalogue CSV, before anything is kept) and opens an import session for it, `reading`. The staff
 * member's earlier sessions, and everyone's expired ones, are dropped.
 */
export async function openImport(db: Db, staffId: number, fileName: string, source: ByteSource, now: number): Promise<PlanContext> {
  const opened = await openFile(db.kysely, source);
  const stale = await db.kysely
    .selectFrom("import_sessions")
    .select("id")
    .where((eb) => eb.or([eb("staff_id", "=", staffId), eb("created_at", "<", now - SESSION_TTL_MS)]))
    .execute();
  for (const s of stale) await dropImportSession(db, s.id);
  const id = randomUUID();
  const ctx: PlanContext = { ...opened, sessionId: id };
  await db.kysely
    .insertInto("import_sessions")
    .values({ id, staff_id: staffId, file_name: fileName.slice(0, 200), created_at: now, status: "reading", summary: JSON.stringify(ctx.summary) })
    .execute();
  return ctx;
}

export const PREVIEW_FAILED = "Файл не удалось разобрать: попробуйте загрузить его ещё раз";

/**
 * Plans every row of an opened file into its session, which ends `ready`, or `failed` with the
 * reason and none of its rows. Never rejects: resolves with an unexpected error to log, or null.
 */
export async function buildImport(db: Db, ctx: PlanContext, source: ByteSource): Promise<unknown> {
  try {
    await buildPreview(db, ctx, source);
    await db.kysely
      .updateTable("import_sessions")
      .set({ status: "ready", summary: JSON.stringify(ctx.summary) })
      .where("id", "=", ctx.sessionId)
      .execute();
    return null;
  } catch (e) {
    if (e instanceof SessionGone) return null;
    const known = e instanceof CatalogFileError;
    const cleanup = await failImport(db, ctx.sessionId, known ? e.message : PREVIEW_FAILED);
    // the session was dropped meanwhile (another file uploaded): its rows could not be written
    if (cleanup === "gone") return null;
    return cleanup ?? (known ? null : e);
  }
}

/**
 * Marks a session whose planning stopped half-way `failed` with `message`, and drops the rows it
 * had: "gone" when the session no longer exists, else an error of the cleanup itself, or null.
 */
export async function failImport(db: Db, id: string, message: string): Promise<unknown> {
  try {
    const marked = await db.kysely.updateTable("import_sessions").set({ status: "failed", error: message }).where("id", "=", id).executeTakeFirst();
    if (marked.numUpdatedRows === 0n) return "gone";
    // a file that fails half-way keeps nothing of its rows
    await dropRows(db, id);
    return null;
  } catch (cleanup) {
    return cleanup;
  }
}

/** the planned rows of a session, deleted in short statements */
export async function dropRows(db: Db, id: string): Promise<void> {
  for (const [lo, hi] of await lineRanges(db.kysely, id)) {
    await db.kysely.deleteFrom("import_values").where("session_id", "=", id).where("line", ">=", lo).where("line", "<", hi).execute();
    await db.kysely.deleteFrom("import_rows").where("session_id", "=", id).where("line", ">=", lo).where("line", "<", hi).execute();
    await nextTurn();
  }
}

export async function dropImportSession(db: Db, id: string): Promise<void> {
  await dropRows(db, id);
  await db.kysely.deleteFrom("import_sessions").where("id", "=", id).execute();
}
