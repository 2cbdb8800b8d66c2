// One product in the back office (issue 14, decision 073): its form's values and the properties
// its section offers, and the save. A save is one transaction: the version the editor saw is
// checked (a second save on one version is refused, nothing written), the slug must be free,
// the section and every property value must exist, the description is cleaned by the allow-list
// sanitiser, and the audit entry carries the changed fields before and after.
import type { Transaction } from "kysely";
import type { Db } from "../db/database.server.ts";
import type { Database } from "../db/schema.ts";
import { PRODUCT_CONFLICT_MESSAGE, roublesField, type ProductFormInput } from "../lib/product-form.ts";
import type { ProductFormValues, PropertyField } from "./admin-product-types.ts";
import { AdminProductError } from "./admin-products.server.ts";
import { recordAudit, type StaffActor } from "./audit.server.ts";
import { catalogChanged } from "./catalog-changes.server.ts";
import { cleanRichText } from "./rich-text.server.ts";

type Executor = Db["kysely"] | Transaction<Database>;

/**
 * The properties a section's products carry (its own and its subsections'), each with the values
 * used anywhere in the catalogue: the form offers exactly what the storefront's filters know.
 */
export async function sectionProperties(k: Executor, sectionId: number): Promise<PropertyField[]> {
  const sections = await k.selectFrom("sections").select(["id", "parent_id"]).execute();
  const ids = [sectionId];
  for (let i = 0; i < ids.length; i++) for (const s of sections) if (s.parent_id === ids[i]) ids.push(s.id);
  const used = await k
    .selectFrom("product_values")
    .innerJoin("products", "products.id", "product_values.product_id")
    .select("product_values.property_id")
    .distinct()
    .where("products.section_id", "in", ids)
    .execute();
  if (!used.length) return [];
  const props = await k
    .selectFrom("properties")
    .selectAll()
    .where(
      "id",
      "in",
      used.map((u) => u.property_id),
    )
    .orderBy("sort")
    .execute();
  const textProps = props.filter((p) => p.kind !== "number").map((p) => p.id);
  const values = textProps.length
    ? await k
        .selectFrom("product_values")
        .select(["property_id", "value_text"])
        .distinct()
        .where("property_id", "in", textProps)
        .where("value_text", "is not", null)
        .execute()
    : [];
  return props.map((p) => ({
    code: p.code,
    title: p.title,
    kind: p.kind,
    unit: p.unit,
    options: values
      .filter((v) => v.property_id === p.id)
      .map((v) => v.value_text!)
      .sort((a, b) => a.localeCompare(b, "ru")),
  }));
}

export function emptyProductForm(sectionId = 0): ProductFormValues {
  return {
    id: 0,
    version: 0,
    title: "",
    slug: "",
    sectionId,
    brand: "",
    price: "",
    oldPrice: "",
    stock: "0",
    weight: "",
    published: false,
    description: "",
    videos: "",
    properties: {},
  };
}

export async function loadProductForm(db: Db, id: number): Promise<ProductFormValues | null> {
  const p = await db.kysely.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  if (!p) return null;
  const values = await db.kysely
    .selectFrom("product_values")
    .innerJoin("properties", "properties.id", "product_values.property_id")
    .select(["properties.code", "product_values.value_text", "product_values.value_num"])
    .where("product_values.product_id", "=", id)
    .execute();
  const properties: Record<string, string[]> = {};
  for (const v of values) (properties[v.code] ??= []).push(v.value_text ?? String(v.value_num ?? ""));
  return {
    id: p.id,
    version: p.version,
    title: p.title,
    slug: p.slug,
    sectionId: p.section_id,
    brand: p.brand,
    price: roublesField(Number(p.price)),
    oldPrice: roublesField(p.old_price === null ? null : Number(p.old_price)),
    stock: String(p.stock),
    weight: roublesField(Math.round(p.weight / 10)),
    published: p.published === 1,
    description: p.description,
    videos: (JSON.parse(p.videos) as string[]).join("\n"),
    properties,
  };
}

type ValueRow = { property_id: number; value_text: string | null; value_num: number | null };

async function checkProperties(trx: Transaction<Database>, input: ProductFormInput): Promise<ValueRow[]> {
  const fields = await sectionProperties(trx, input.sectionId);
  const ids = await trx.selectFrom("properties").select(["id", "code"]).execute();
  const idOf = new Map(ids.map((p) => [p.code, p.id]));
  const rows: ValueRow[] = [];
  for (const [code, values] of Object.entries(input.properties)) {
    const field = fields.find((f) => f.code === code);
    const key = `prop.${code}`;
    if (!field) throw new AdminProductError(422, "У товаров этого раздела нет такого свойства.", key);
    if (field.kind === "number") {
      const n = Number(values[0]!.replace(",", ".").replace(/\s/g, ""));
      if (values.length > 1 || !Number.isFinite(n) || n < 0)
        throw new AdminProductError(422, `«${field.title}» — число${field.unit ? ` в ${field.unit}` : ""}.`, key);
      rows.push({ property_id: idOf.get(code)!, value_text: null, value_num: n });
      continue;
    }
    if (field.kind === "enum" && values.length > 1) throw new AdminProductError(422, `«${field.title}»: выберите одно значение.`, key);
    for (const v of values) {
      if (!field.options.includes(v)) throw new AdminProductError(422, `«${field.title}»: такого значения нет, выберите из списка.`, key);
      rows.push({ property_id: idOf.get(code)!, value_text: v, value_num: null });
    }
  }
  return rows;
}

/** Creates (version 0) or updates a product; returns its id. */
export async function saveProduct(db: Db, actor: StaffActor, id: number, input: ProductFormInput, now = Date.now()): Promise<number> {
  const saved = await db.kysely.transaction().execute(async (trx) => {
    const section = await trx.selectFrom("sections").select("id").where("id", "=", input.sectionId).executeTakeFirst();
    if (!section) throw new AdminProductError(422, "Такого раздела нет: выберите раздел из списка.", "sectionId");
    const taken = await trx.selectFrom("products").select("id").where("slug", "=", input.slug).where("id", "!=", id).executeTakeFirst();
    const gone = await trx.selectFrom("deleted_products").select("slug").where("slug", "=", input.slug).executeTakeFirst();
    if (taken || gone) throw new AdminProductError(422, "Такой адрес уже занят другим товаром: измените его.", "slug");
    const values = await checkProperties(trx, input);
    const fields = {
      title: input.title,
      slug: input.slug,
      section_id: input.sectionId,
      brand: input.brand,
      price: input.price,
      old_price: input.oldPrice,
      stock: input.stock,
      weight: input.weight,
      published: input.published ? 1 : 0,
      description: cleanRichText(input.description) as string,
      videos: JSON.stringify(input.videos),
    };
    let productId = id;
    let before: Record<string, unknown> | null = null;
    if (id === 0) {
      const row = await trx
        .insertInto("products")
        .values({ ...fields, kind: "product", rating: 0, rating_count: 0, popularity: 0, images: "[]", set_discount: 0, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      productId = row.id;
    } else {
      const current = await trx.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
      if (!current) throw new AdminProductError(404, "Такого товара нет.", "product");
      // the conditional update is the lock: of two saves carrying one version, only the first matches
      const res = await trx
        .updateTable("products")
        .set({ ...fields, version: input.version + 1, updated_at: now })
        .where("id", "=", id)
        .where("version", "=", input.version)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new AdminProductError(409, PRODUCT_CONFLICT_MESSAGE, "version");
      before = Object.fromEntries(Object.keys(fields).map((k) => [k, current[k as keyof typeof current]]));
      await trx.deleteFrom("product_values").where("product_id", "=", id).execute();
    }
    if (values.length)
      await trx
        .insertInto("product_values")
        .values(values.map((v) => ({ ...v, product_id: productId })))
        .execute();
    const changed = Object.entries(fields).filter(([k, v]) => before === null || String(before[k] ?? "") !== String(v ?? ""));
    await recordAudit(
      trx,
      actor,
      {
        action: id === 0 ? "product.create" : "product.edit",
        entity: "product",
        entityId: productId,
        before: before && Object.fromEntries(changed.map(([k]) => [k, before[k]])),
        after: Object.fromEntries(changed),
      },
      now,
    );
    return productId;
  });
  // the storefront shows the change within a second (decision 074)
  await catalogChanged(db, [saved]);
  return saved;
}
