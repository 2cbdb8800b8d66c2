// Catalogue CSV import and export (issue 14). A file is read into a plan (rows to create, to
// change with before → after, unchanged, in error); applying re-plans inside ONE transaction
// against the rows as they are then, and writes nothing at all if any row is in error.
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Db } from "../db/database.server.ts";
import type { Database, PropertyKind } from "../db/schema.ts";
import type { FieldChange, ImportPreview } from "./catalog-import-types.ts";
import { recordAudit, type StaffActor } from "./audit.server.ts";
import { catalogChanged } from "./catalog-changes.server.ts";
import { recomputeSetsContaining } from "./set-totals.server.ts";
import { csvLine, CsvError, decodeCsvBytes, detectSeparator, parseCsv, UTF8_BOM } from "../lib/csv.ts";
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
} from "../lib/catalog-csv.ts";

type Reader = Db["kysely"] | Transaction<Database>;

interface ProductState {
  id: number;
  slug: string;
  title: string;
  section_id: number;
  price: number;
  old_price: number | null;
  stock: number;
  published: number;
}

interface WriteRow {
  line: number;
  id: number | null;
  values: Omit<ProductState, "id">;
  /** property id → the cell's text as normalised (absent: property column not in the file) */
  props: Map<number, string>;
  fields: FieldChange[];
}

interface Plan {
  preview: ImportPreview;
  creates: WriteRow[];
  changes: WriteRow[];
  properties: Map<number, PropertyInfo>;
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

/** an upload of the import page: a 100 000-product file is about 15 MB */
export const CSV_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const CSV_TOO_LARGE = "Файл больше 20 МБ: разделите его на части";

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

/** product id → property id → the value as the CSV writes it */
async function loadValues(db: Reader, properties: readonly PropertyInfo[]): Promise<Map<number, Map<number, string>>> {
  const out = new Map<number, Map<number, string>>();
  if (properties.length === 0) return out;
  const kinds = new Map(properties.map((p) => [p.id, p.kind]));
  const rows = await db
    .selectFrom("product_values")
    .where(
      "property_id",
      "in",
      properties.map((p) => p.id),
    )
    .select(["product_id", "property_id", "value_text", "value_num"])
    .execute();
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

async function plan(db: Reader, text: string, encoding: ImportPreview["encoding"]): Promise<Plan> {
  const separator = detectSeparator(text);
  let records;
  try {
    records = parseCsv(text, separator);
  } catch (e) {
    if (e instanceof CsvError) throw new CatalogFileError(`Строка ${e.line}: ${e.message}`);
    throw e;
  }
  if (records.length === 0) throw new CatalogFileError("Файл пустой: нужна строка заголовков и строки товаров");
  const propertiesByCode = await loadProperties(db);
  const header = readHeader(records[0]!.cells, new Set(propertiesByCode.keys()));
  if (!header.ok) throw new CatalogFileError(header.error);
  const { base, properties: propColumns } = header.value;
  const fileProps = [...propColumns.keys()].map((code) => propertiesByCode.get(code)!);

  const products = await db.selectFrom("products").select(["id", "slug", "title", "section_id", "price", "old_price", "stock", "published"]).execute();
  const byId = new Map(products.map((p) => [p.id, p]));
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const sections = await db.selectFrom("sections").select(["id", "slug", "title"]).execute();
  const sectionBySlug = new Map(sections.map((s) => [s.slug, s]));
  const sectionByTitle = new Map(sections.map((s) => [s.title.toLowerCase(), s]));
  const sectionTitle = new Map(sections.map((s) => [s.id, s.title]));
  const currentValues = await loadValues(db, fileProps);

  const preview: ImportPreview = { encoding, separator, rows: records.length - 1, create: [], change: [], unchanged: 0, errors: [] };
  const creates: WriteRow[] = [];
  const changes: WriteRow[] = [];
  /** slug → the line that claimed it in this file */
  const claimed = new Map<string, number>();
  const touchedIds = new Set<number>();

  for (const record of records.slice(1)) {
    const cell = (column: keyof typeof base) => (base[column] === undefined ? undefined : (record.cells[base[column]!] ?? ""));
    const problems: string[] = [];
    const take = <T>(r: CellResult<T>): T | undefined => {
      if (r.ok) return r.value;
      problems.push(r.error);
      return undefined;
    };
    const idText = cell("id")?.trim() ?? "";
    let existing: ProductState | undefined;
    if (idText !== "") {
      if (!/^\d+$/.test(idText)) problems.push(`id — целое число, а не «${idText}»`);
      else if (!(existing = byId.get(Number(idText)))) problems.push(`Товара с id ${idText} нет`);
    }
    const slug = take(parseSlug(cell("slug")!));
    if (slug !== undefined && idText === "") existing = bySlug.get(slug);
    if (existing && touchedIds.has(existing.id)) problems.push(`Товар ${existing.slug} уже есть в файле выше`);
    if (slug !== undefined) {
      const owner = bySlug.get(slug);
      if (claimed.has(slug)) problems.push(`Адрес «${slug}» повторяется (строка ${claimed.get(slug)})`);
      else if (owner && existing && owner.id !== existing.id) problems.push(`Адрес «${slug}» уже занят другим товаром (id ${owner.id})`);
    }
    const title = take(parseTitle(cell("title")!));
    const sectionText = cell("section")!.trim();
    const section = sectionBySlug.get(sectionText.toLowerCase()) ?? sectionByTitle.get(sectionText.toLowerCase());
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
    for (const info of fileProps) {
      const value = take(readProperty(info, record.cells[propColumns.get(info.code)!] ?? ""));
      if (value !== undefined) props.set(info.id, value);
    }
    if (slug !== undefined) claimed.set(slug, record.line);
    if (existing) touchedIds.add(existing.id);
    if (problems.length > 0 || slug === undefined || title === undefined || !section || price === undefined || oldPrice === undefined) {
      preview.errors.push({ line: record.line, message: problems.join("; ") });
      continue;
    }
    if (stock === undefined || published === undefined) continue;
    const values = { slug, title, section_id: section.id, price, old_price: oldPrice, stock, published: published ? 1 : 0 };
    if (!existing) {
      creates.push({ line: record.line, id: null, values, props, fields: [] });
      preview.create.push({ line: record.line, id: null, slug, title });
      continue;
    }
    const fields: FieldChange[] = [];
    const diff = (field: string, before: string, after: string) => before !== after && fields.push({ field: FIELD_TITLES[field] ?? field, before, after });
    diff("slug", existing.slug, slug);
    diff("title", existing.title, title);
    diff("section", sectionTitle.get(existing.section_id) ?? "", section.title);
    diff("price", show.money(existing.price), show.money(price));
    diff("old_price", show.money(existing.old_price), show.money(oldPrice));
    diff("stock", String(existing.stock), String(stock));
    diff("published", show.flag(existing.published), show.flag(values.published));
    const now = currentValues.get(existing.id);
    for (const info of fileProps) {
      const after = props.get(info.id)!;
      diff(info.title, now?.get(info.id) ?? "", after);
    }
    if (fields.length === 0) preview.unchanged++;
    else {
      changes.push({ line: record.line, id: existing.id, values, props, fields });
      preview.change.push({ line: record.line, id: existing.id, slug, title, fields });
    }
  }
  return { preview, creates, changes, properties: new Map(fileProps.map((p) => [p.id, p])) };
}

/** What the file would do, without writing anything. Throws CatalogFileError for a file that is not a catalogue CSV. */
export async function previewCatalogCsv(db: Db, text: string, encoding: ImportPreview["encoding"] = "utf-8"): Promise<ImportPreview> {
  return (await plan(db.kysely, text, encoding)).preview;
}

/** Bytes as uploaded → text, or a CatalogFileError in Russian. */
export function decodeCatalogFile(bytes: Uint8Array): { text: string; encoding: ImportPreview["encoding"] } {
  try {
    return decodeCsvBytes(bytes);
  } catch (e) {
    if (e instanceof CsvError) throw new CatalogFileError(e.message);
    throw e;
  }
}

export type ApplyResult = { ok: true; created: number; changed: number; unchanged: number } | { ok: false; preview: ImportPreview };

const BATCH = 400;

function valueRows(productId: number, props: Map<number, string>, properties: Map<number, PropertyInfo>) {
  const rows: Database["product_values"][] = [];
  for (const [propertyId, text] of props) {
    if (text === "") continue;
    const kind = properties.get(propertyId)!.kind;
    if (kind === "number") rows.push({ product_id: productId, property_id: propertyId, value_text: null, value_num: Number(text.replace(",", ".")) });
    else
      for (const v of kind === "multi" ? text.split("|") : [text])
        rows.push({ product_id: productId, property_id: propertyId, value_text: v, value_num: null });
  }
  return rows;
}

async function insertValues(trx: Transaction<Database>, rows: Database["product_values"][]) {
  for (let i = 0; i < rows.length; i += BATCH)
    await trx
      .insertInto("product_values")
      .values(rows.slice(i, i + BATCH))
      .execute();
}

/**
 * Applies the file in one transaction, or nothing: the plan is made again inside it, and any row
 * in error refuses the whole file. One audit entry for the import (with counts), plus one per
 * changed or created product when there are not too many to read.
 */
export async function applyCatalogCsv(db: Db, actor: StaffActor, text: string, now = Date.now()): Promise<ApplyResult> {
  const result = await db.kysely.transaction().execute(async (trx): Promise<ApplyResult> => {
    const { preview, creates, changes, properties } = await plan(trx, text, "utf-8");
    if (preview.errors.length > 0) return { ok: false, preview };
    const propIds = [...properties.keys()];
    const perProduct = creates.length + changes.length <= 1000;

    for (let i = 0; i < creates.length; i += BATCH) {
      const batch = creates.slice(i, i + BATCH);
      const inserted = await trx
        .insertInto("products")
        .values(
          batch.map((r) => ({
            ...r.values,
            kind: "product" as const,
            description: "",
            brand: "",
            weight: 0,
            images: "[]",
            videos: "[]",
            set_discount: 0,
            rating: 0,
            rating_count: 0,
            popularity: 0,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(["id", "slug"])
        .execute();
      const idBySlug = new Map(inserted.map((r) => [r.slug, r.id]));
      await trx
        .deleteFrom("deleted_products")
        .where(
          "slug",
          "in",
          batch.map((r) => r.values.slug),
        )
        .execute();
      await insertValues(
        trx,
        batch.flatMap((r) => valueRows(idBySlug.get(r.values.slug)!, r.props, properties)),
      );
      if (perProduct)
        for (const r of batch) {
          await recordAudit(
            trx,
            actor,
            { action: "product.import", entity: "product", entityId: idBySlug.get(r.values.slug)!, before: null, after: r.values },
            now,
          );
        }
    }

    for (let i = 0; i < changes.length; i += BATCH) {
      const batch = changes.slice(i, i + BATCH);
      for (const r of batch) {
        await trx
          .updateTable("products")
          .set((eb) => ({ ...r.values, version: eb("version", "+", 1), updated_at: now }))
          .where("id", "=", r.id!)
          .execute();
      }
      if (propIds.length > 0) {
        await trx
          .deleteFrom("product_values")
          .where(
            "product_id",
            "in",
            batch.map((r) => r.id!),
          )
          .where("property_id", "in", propIds)
          .execute();
        await insertValues(
          trx,
          batch.flatMap((r) => valueRows(r.id!, r.props, properties)),
        );
      }
      if (perProduct)
        for (const r of batch) {
          const before = Object.fromEntries(r.fields.map((f) => [f.field, f.before]));
          const after = Object.fromEntries(r.fields.map((f) => [f.field, f.after]));
          await recordAudit(trx, actor, { action: "product.import", entity: "product", entityId: r.id!, before, after }, now);
        }
    }
    // sets follow their items' new prices, and a set's own row cannot set a price its items do not add up to (decision 078)
    await recomputeSetsContaining(
      trx,
      changes.map((r) => r.id!),
      actor,
      now,
    );
    const counts = { created: creates.length, changed: changes.length, unchanged: preview.unchanged };
    await recordAudit(trx, actor, { action: "catalog.import", entity: "catalog", entityId: "csv", before: null, after: counts }, now);
    return { ok: true, ...counts };
  });
  // the storefront shows the import within a second: search documents, index, sitemap (decision 074)
  if (result.ok) await catalogChanged(db);
  return result;
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
  const parts = [UTF8_BOM, csvLine([...BASE_COLUMNS, ...properties.map((p) => p.code)])];
  for (const p of products) {
    const own = values.get(p.id);
    parts.push(
      csvLine([
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

const SESSION_TTL_MS = 60 * 60 * 1000;

/** Keeps an uploaded file for its preview and «Применить»; old sessions are swept on the way. */
export async function saveImportSession(db: Db, staffId: number, fileName: string, text: string, now = Date.now()): Promise<string> {
  const id = randomUUID();
  await db.kysely
    .deleteFrom("import_sessions")
    .where("created_at", "<", now - SESSION_TTL_MS)
    .execute();
  await db.kysely.deleteFrom("import_sessions").where("staff_id", "=", staffId).execute();
  await db.kysely
    .insertInto("import_sessions")
    .values({ id, staff_id: staffId, file_name: fileName.slice(0, 200), body: text, created_at: now })
    .execute();
  return id;
}

/** The file of `id` if it belongs to `staffId` and has not expired. */
export async function loadImportSession(db: Db, staffId: number, id: string, now = Date.now()): Promise<{ fileName: string; text: string } | null> {
  const row = await db.kysely
    .selectFrom("import_sessions")
    .select(["file_name", "body"])
    .where("id", "=", id)
    .where("staff_id", "=", staffId)
    .where("created_at", ">=", now - SESSION_TTL_MS)
    .executeTakeFirst();
  return row ? { fileName: row.file_name, text: row.body } : null;
}

export async function dropImportSession(db: Db, id: string): Promise<void> {
  await db.kysely.deleteFrom("import_sessions").where("id", "=", id).execute();
}
