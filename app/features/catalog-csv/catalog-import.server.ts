// Catalogue CSV import and export (decisions 075 and 098). An uploaded file is read as a stream,
// chunk by chunk, into a plan kept in the database (`import_rows`: rows to create, to change with
// before → after, unchanged, in error); the page shows the counts and the first rows of each kind.
// «Применить» writes from those rows in ONE transaction with set-based statements, and nothing at
// all when a row is in error or a product in the file changed since the preview. Nothing that
// grows with the file is held in memory, and the work yields to other requests between chunks.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import v8 from "node:v8";
import { Worker } from "node:worker_threads";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database, PropertyKind } from "../../db/schema.ts";
import type { FieldChange, ImportCounts, ImportPreview } from "./catalog-import-types.ts";
import type { StaffActor } from "../staff/index.server.ts";
import { catalogChanged } from "../catalog/index.server.ts";
import { lineRanges, writeCatalogImport, type ApplyPlan, type WriteResult } from "./catalog-import-apply.server.ts";
import type { ApplyJob, ApplyReply } from "./catalog-import.worker.ts";
import { capacityProblem } from "./catalog-capacity.ts";
import {
  checkDecodedText,
  CsvError,
  decodeCsvBytes,
  CsvReader,
  detectSeparator,
  EncodingSniffer,
  restoreCell,
  safeCsvLine,
  UTF8_BOM,
  type CsvEncoding,
  type CsvRecord,
  type CsvSeparator,
} from "../../lib/csv.ts";
import {
  BASE_COLUMNS,
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

/**
 * An upload of the import page. Read as a stream into the database, so the size no longer
 * matters to memory; the cap bounds the request body (held once while the form is parsed) and the
 * time a preview takes: 500 000 rows are about 34 MB (decision 098).
 */
export const CSV_UPLOAD_MAX_BYTES = 40 * 1024 * 1024;
export const CSV_TOO_LARGE = "Файл больше 40 МБ: разделите его на части";

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
/**
 * How long «Применить» waits to answer with the counts at once, as before, rather than the page
 * showing «применяется»: most files are done by then even on a loaded machine, and it stays well
 * under the server's 30 s request timeout.
 */
const APPLY_WAIT_MS = 20_000;
/** the import's own transaction is nobody's request: it may wait longer for the write lock */
const WORKER_LOCK_WAIT_MS = 30_000;
/** rows of each kind the page shows; the counts say how many there are in all */
export const SHOWN_ROWS = 200;
/** first titles shown as they will read */
const TITLE_SAMPLE = 5;
const SESSION_TTL_MS = 60 * 60 * 1000;

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
async function loadValues(
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
interface ImportSummary {
  encoding: CsvEncoding;
  separator: CsvSeparator;
  rows: number;
  counts: ImportCounts;
  titles: string[];
  /** the property columns of the file: «Применить» replaces exactly these values */
  propertyIds: number[];
}

/** everything a step of the plan needs that does not grow with the file */
interface PlanContext {
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

const failAs = (e: unknown): never => {
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
  const found = [
    ...(ids.size > 0
      ? await db
          .selectFrom("products")
          .select(columns)
          .where("id", "in", [...ids])
          .execute()
      : []),
    ...(slugs.size > 0
      ? await db
          .selectFrom("products")
          .select(columns)
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
  // 13 parameters a row: 400 rows stay under every driver's limit
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

export interface StartedImport {
  id: string;
  /** the preview being built; resolves (never rejects) with an unexpected error to log, or null */
  done: Promise<unknown>;
}

/**
 * Checks a file's encoding and header (a CatalogFileError in Russian for a file that is not a
 * catalogue CSV, before anything is kept), opens an import session for it and starts building the
 * preview in the background. The staff member's earlier sessions are dropped.
 */
export async function startCatalogImport(db: Db, staffId: number, fileName: string, source: ByteSource, now = Date.now()): Promise<StartedImport> {
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
  const done = buildPreview(db, ctx, source).then(
    async () => {
      await db.kysely
        .updateTable("import_sessions")
        .set({ status: "ready", summary: JSON.stringify(ctx.summary) })
        .where("id", "=", id)
        .execute();
      return null;
    },
    async (e: unknown) => {
      if (e instanceof SessionGone) return null;
      const known = e instanceof CatalogFileError;
      try {
        await db.kysely
          .updateTable("import_sessions")
          .set({ status: "failed", error: known ? e.message : "Файл не удалось разобрать: попробуйте загрузить его ещё раз" })
          .where("id", "=", id)
          .execute();
        // a file that fails half-way keeps nothing of its rows
        await dropRows(db, id);
      } catch (cleanup) {
        return cleanup;
      }
      return known ? null : e;
    },
  );
  return { id, done };
}

export type ImportSessionView =
  | { status: "reading"; fileName: string; rows: number }
  | { status: "failed"; fileName: string; error: string }
  /** `error`: why the last «Применить» was refused, if it was */
  | { status: "ready"; fileName: string; preview: ImportPreview; error: string | null }
  | { status: "applying"; fileName: string; rows: number }
  | { status: "applied"; fileName: string; created: number; changed: number; unchanged: number };

/**
 * The session `id` of `staffId` (null when unknown, someone else's or expired), with its preview when
 * ready: the preview says when the catalogue after the import would not fit `heapLimitBytes`.
 */
export async function loadImportSession(
  db: Db,
  staffId: number,
  id: string,
  { heapLimitBytes = processHeapLimit(), now = Date.now() }: { heapLimitBytes?: number; now?: number } = {},
): Promise<ImportSessionView | null> {
  const session = await db.kysely
    .selectFrom("import_sessions")
    .select(["file_name", "status", "error", "summary"])
    .where("id", "=", id)
    .where("staff_id", "=", staffId)
    .where("created_at", ">=", now - SESSION_TTL_MS)
    .executeTakeFirst();
  if (!session) return null;
  const summary = JSON.parse(session.summary) as ImportSummary & { applied?: { created: number; changed: number; unchanged: number } };
  const fileName = session.file_name;
  if (session.status === "reading") return { status: "reading", fileName, rows: summary.rows };
  if (session.status === "failed") return { status: "failed", fileName, error: session.error ?? "" };
  if (session.status === "applying") return { status: "applying", fileName, rows: summary.counts.create + summary.counts.change };
  if (session.status === "applied") {
    // applied in the background: shown once, then the session is gone as after a quick apply
    await db.kysely.deleteFrom("import_sessions").where("id", "=", id).execute();
    return { status: "applied", fileName, ...summary.applied! };
  }
  const preview = await previewOf(db.kysely, id, summary);
  preview.capacity = await capacityCheck(db.kysely, summary.counts.create, heapLimitBytes);
  return { status: "ready", fileName, preview, error: session.error };
}

async function previewOf(db: Reader, id: string, summary: ImportSummary): Promise<ImportPreview> {
  const first = (kind: StagedRow["kind"]) =>
    db
      .selectFrom("import_rows")
      .select(["line", "product_id", "slug", "title", "detail"])
      .where("session_id", "=", id)
      .where("kind", "=", kind)
      .orderBy("line")
      .limit(SHOWN_ROWS)
      .execute();
  const [create, change, errors] = [await first("create"), await first("change"), await first("error")];
  return {
    encoding: summary.encoding,
    separator: summary.separator,
    rows: summary.rows,
    counts: summary.counts,
    unchanged: summary.counts.unchanged,
    titles: summary.titles,
    create: create.map((r) => ({ line: r.line, id: null, slug: r.slug!, title: r.title! })),
    change: change.map((r) => ({ line: r.line, id: r.product_id, slug: r.slug!, title: r.title!, fields: JSON.parse(r.detail!) as FieldChange[] })),
    errors: errors.map((r) => ({ line: r.line, message: JSON.parse(r.detail!) as string })),
    capacity: null,
  };
}

export type ApplyResult =
  | { ok: true; created: number; changed: number; unchanged: number }
  | { ok: false; preview: ImportPreview; applying?: undefined }
  /** still being written after `waitMs`: the page shows its progress */
  | { ok: false; preview?: undefined; applying: true }
  | { ok: false; preview?: undefined; applying?: undefined; message: string };

const IMPORT_NOT_READY = "Файл ещё разбирается: дождитесь просмотра изменений.";
const IMPORT_APPLYING = "Файл уже применяется: дождитесь окончания.";
const APPLY_FAILED = "Файл не удалось применить, ничего не изменено: попробуйте ещё раз.";

export interface ApplyOptions {
  /** the heap the catalogue must fit after the import (default: this process's limit, HEAP_MB) */
  heapLimitBytes?: number;
  /** how long the request waits for the writes before the page shows «применяется» (default 20 s) */
  waitMs?: number;
  /** SQLite: how long the import's transaction may wait for the write lock (default 30 s) */
  lockWaitMs?: number;
  /** a failure nobody waits for any more (the apply went on in the background) */
  onError?: (err: unknown) => void;
  /** an apply that committed after the request stopped waiting (the route's after-commit work) */
  onApplied?: () => void;
  now?: number;
}

/** «Применить» transactions open in worker threads of this process (the health check asks) */
let applyingInWorkers = 0;

/** True while this process's own import holds SQLite's write lock from a worker thread (decision 103). */
export function importHoldsWriteLock(): boolean {
  return applyingInWorkers > 0;
}

/** this process's heap limit: what `--max-old-space-size` (HEAP_MB) allows */
export function processHeapLimit(): number {
  return v8.getHeapStatistics().heap_size_limit;
}

/** Null when the catalogue after the import (products now + rows to create) fits the heap; else the refusal. */
async function capacityCheck(db: Reader, creates: number, limitBytes: number): Promise<string | null> {
  const { n } = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return capacityProblem(Number(n) + creates, limitBytes);
}

/** The worker's module, from the source tree (Node runs TypeScript), whether this code runs bundled or not. */
function workerFile(): string {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error("package.json not found above " + import.meta.dirname);
    dir = up;
  }
  return path.join(dir, "app/features/catalog-csv/catalog-import.worker.ts");
}

/** Runs the writes in a worker thread with its own SQLite connection (catalog-import.worker.ts). */
function writeInWorker(job: ApplyJob): Promise<WriteResult> {
  return new Promise((resolve, reject) => {
    applyingInWorkers++;
    let settled = false;
    const done = (fn: () => void) => {
      if (settled) return;
      settled = true;
      applyingInWorkers--;
      fn();
    };
    const worker = new Worker(workerFile(), { workerData: job });
    worker.once("message", (reply: ApplyReply) =>
      done(() => ("result" in reply ? resolve(reply.result) : reject(Object.assign(new Error(reply.error), { stack: reply.stack })))),
    );
    worker.once("error", (err) => done(() => reject(err)));
    worker.once("exit", (code) => done(() => reject(new Error(`import worker exited with code ${code}`))));
  });
}

/**
 * «Применить»: writes the session's planned rows in one transaction, or nothing (decisions 098 and
 * 103). Refused when a row is in error, when the catalogue after the import would not fit this
 * server's heap, and when a product of the file changed, vanished, or a new slug got taken since the
 * preview. On SQLite the transaction runs in a worker thread with its own connection, so visitors'
 * reads go on meanwhile; the request waits `waitMs` for it, then the page shows «применяется» and
 * the session's status tells the outcome (`applied`, or `ready` again with the refusal in `error`).
 */
export async function applyCatalogImport(db: Db, actor: StaffActor, staffId: number, id: string, options: ApplyOptions = {}): Promise<ApplyResult | null> {
  const now = options.now ?? Date.now();
  const session = await db.kysely
    .selectFrom("import_sessions")
    .select(["status", "summary"])
    .where("id", "=", id)
    .where("staff_id", "=", staffId)
    .where("created_at", ">=", now - SESSION_TTL_MS)
    .executeTakeFirst();
  if (!session || session.status === "applied") return null;
  if (session.status === "applying") return { ok: false, message: IMPORT_APPLYING };
  if (session.status !== "ready") return { ok: false, message: IMPORT_NOT_READY };
  const summary = JSON.parse(session.summary) as ImportSummary;
  if (summary.counts.errors > 0) return { ok: false, preview: await previewOf(db.kysely, id, summary) };
  const tooBig = await capacityCheck(db.kysely, summary.counts.create, options.heapLimitBytes ?? processHeapLimit());
  if (tooBig) return { ok: false, message: tooBig };
  // one press applies: a second one (or another tab) finds the session applying
  const claimed = await db.kysely
    .updateTable("import_sessions")
    .set({ status: "applying", error: null })
    .where("id", "=", id)
    .where("status", "=", "ready")
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) return { ok: false, message: IMPORT_APPLYING };
  const plan: ApplyPlan = { id, counts: summary.counts, propertyIds: summary.propertyIds };
  const inWorker = db.dialect === "sqlite" && db.file !== null;
  const writes =
    inWorker && db.file
      ? writeInWorker({ url: db.file, lockWaitMs: options.lockWaitMs ?? WORKER_LOCK_WAIT_MS, actor, plan, now })
      : writeCatalogImport(db.kysely, actor, plan, now);
  const outcome: Promise<ApplyResult> = writes.then(
    async (result) => {
      if (!result.ok) {
        await db.kysely.updateTable("import_sessions").set({ status: "ready", error: result.message }).where("id", "=", id).execute();
        return result;
      }
      const applied = { ...summary, applied: { created: result.created, changed: result.changed, unchanged: result.unchanged } };
      await db.kysely
        .updateTable("import_sessions")
        .set({ status: "applied", summary: JSON.stringify(applied) })
        .where("id", "=", id)
        .execute();
      await dropRows(db, id);
      // the storefront shows the import within a second: search documents, index, sitemap (decision 074)
      await catalogChanged(db, undefined, { searchRebuilt: inWorker });
      return result;
    },
    async (err: unknown) => {
      await db.kysely.updateTable("import_sessions").set({ status: "ready", error: APPLY_FAILED }).where("id", "=", id).execute();
      throw err;
    },
  );
  const waitMs = options.waitMs ?? APPLY_WAIT_MS;
  let timer: NodeJS.Timeout | undefined;
  // (setTimeout takes Infinity as 1 ms: waiting for ever sets no timer)
  const late = new Promise<"late">((resolve) => {
    if (Number.isFinite(waitMs)) timer = setTimeout(() => resolve("late"), waitMs);
  });
  let first: ApplyResult | "late";
  try {
    first = await Promise.race([outcome, late]);
  } finally {
    clearTimeout(timer);
  }
  if (first !== "late") {
    // answered in the request: the page shows the counts, nothing of the session is needed any more
    if (first.ok) await db.kysely.deleteFrom("import_sessions").where("id", "=", id).execute();
    return first;
  }
  outcome.then(
    (result) => {
      if (result.ok) options.onApplied?.();
    },
    (err: unknown) => options.onError?.(err),
  );
  return { ok: false, applying: true };
}

/** the planned rows of a session, deleted in short statements */
async function dropRows(db: Db, id: string): Promise<void> {
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

/** Bytes as uploaded → text, or a CatalogFileError in Russian (small files held in memory). */
export function decodeCatalogFile(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    return decodeCsvBytes(bytes);
  } catch (e) {
    return failAs(e);
  }
}

/** What a whole file held in memory would do (the command line and tests): the preview, its session dropped. */
export async function previewCatalogCsv(db: Db, text: string, staffId = 0): Promise<ImportPreview> {
  const { id, done } = await startCatalogImport(db, staffId, "catalog.csv", bytesSource(new TextEncoder().encode(text)));
  const view = await finished(db, staffId, id, done);
  await dropImportSession(db, id);
  return view;
}

/** Preview and apply a whole file held in memory (tests): as the page's two steps, in one call. */
export async function applyCatalogCsv(db: Db, actor: StaffActor, text: string, staffId = 0): Promise<ApplyResult> {
  const { id, done } = await startCatalogImport(db, staffId, "catalog.csv", bytesSource(new TextEncoder().encode(text)));
  await finished(db, staffId, id, done);
  const result = (await applyCatalogImport(db, actor, staffId, id, { waitMs: Infinity }))!;
  await dropImportSession(db, id);
  return result;
}

/** waits for a preview being built: its view, or its CatalogFileError */
export async function finished(db: Db, staffId: number, id: string, done: Promise<unknown>): Promise<ImportPreview> {
  const unexpected = await done;
  if (unexpected) throw unexpected;
  const view = await loadImportSession(db, staffId, id);
  if (view?.status === "failed") {
    await dropImportSession(db, id);
    throw new CatalogFileError(view.error);
  }
  if (view?.status !== "ready") throw new Error("import session vanished");
  return view.preview;
}

/** The whole catalogue as CSV: UTF-8 with a BOM and `;`, as Excel in Russia opens it. */
export async function exportCatalogCsv(db: Db): Promise<string> {
  const properties = await db.kysely.selectFrom("properties").select(["id", "code", "title", "kind", "unit"]).orderBy("sort").orderBy("id").execute();
  const infos = properties.map((p) => ({ ...p, known: new Set<string>() }));
  const values = await loadValues(db.kysely, infos);
  const products = await db.kysely
    .selectFrom("products")
    .innerJoin("sections", "sections.id", "products.section_id")
    .select([
      "products.id",
      "products.slug",
      "products.title",
      "sections.slug as section",
      "products.price",
      "products.old_price",
      "products.stock",
      "products.published",
    ])
    .orderBy("products.id")
    .execute();
  const parts = [UTF8_BOM, safeCsvLine([...BASE_COLUMNS, ...properties.map((p) => p.code)])];
  for (const p of products) {
    const own = values.get(p.id);
    parts.push(
      safeCsvLine([
        String(p.id),
        p.slug,
        p.title,
        p.section,
        formatRoubles(p.price),
        p.old_price === null ? "" : formatRoubles(p.old_price),
        String(p.stock),
        p.published ? "1" : "0",
        ...properties.map((prop) => own?.get(prop.id) ?? ""),
      ]),
    );
  }
  return parts.join("");
}
