// One product in the back office (decision 073): its form's values (the properties its section
// offers are the catalogue's, sectionProperties) and the save. A save is one transaction: the
// version the editor saw is checked (a second save on one version is refused, nothing written),
// the slug must be free, the section and every property value must exist, the description is
// cleaned by the allow-list sanitiser, and the audit entry carries the changed fields before and
// after.
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import { PRODUCT_CONFLICT_MESSAGE, roublesField, type ProductFormInput } from "./product-form.ts";
import type { ProductFormValues } from "./admin-product-types.ts";
import { AdminProductError } from "./admin-products.server.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { catalogChanged, sectionProperties } from "../catalog/index.server.ts";
import { createFirstVariant, writeFirstVariant } from "../variants/index.server.ts";
import { cleanRichText } from "../content/index.server.ts";
import { loadSetForm } from "./admin-set-form.server.ts";
import { auditedItems, composeSet, recomputeSetsContaining, SetCompositionError, storedSetItems, writeSetItems } from "./set-totals.server.ts";
import { isNonEmptyString, isProductImage, parseJsonList } from "../../lib/json-columns.ts";
import { droppedMedia, ProductImagesRefusal, resolveProductImages } from "../media/index.server.ts";
import { DEFAULT_LEAD_WEEKS } from "../delivery/index.ts";
import { updateAtVersion } from "../../db/versioned-update.ts";

export function emptyProductForm(sectionId = 0): ProductFormValues {
  return {
    id: 0,
    version: 0,
    title: "",
    slug: "",
    sectionId,
    brand: "",
    article: "",
    price: "",
    oldPrice: "",
    stock: "0",
    leadMin: String(DEFAULT_LEAD_WEEKS.min),
    leadMax: String(DEFAULT_LEAD_WEEKS.max),
    weight: "",
    published: false,
    description: "",
    videos: "",
    images: [],
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
    article: p.article,
    price: roublesField(Number(p.price)),
    oldPrice: roublesField(p.old_price === null ? null : Number(p.old_price)),
    stock: String(p.stock),
    leadMin: String(p.lead_weeks_min),
    leadMax: String(p.lead_weeks_max),
    weight: roublesField(Math.round(p.weight / 10)),
    published: p.published === 1,
    description: p.description,
    videos: parseJsonList(p.videos, isNonEmptyString).join("\n"),
    images: parseJsonList(p.images, isProductImage),
    properties,
    ...(p.kind === "set" ? { set: await loadSetForm(db, p.id, p.set_discount) } : {}),
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

export interface SavedProduct {
  id: number;
  /** uploaded pictures and video files the save no longer refers to: remove them (removeProductMedia) */
  dropped: string[];
}

/** Creates (version 0) or updates a product. */
export async function saveProduct(db: Db, actor: StaffActor, id: number, input: ProductFormInput, now = Date.now()): Promise<SavedProduct> {
  const saved = await db.kysely.transaction().execute(async (trx) => {
    const section = await trx.selectFrom("sections").select("id").where("id", "=", input.sectionId).executeTakeFirst();
    if (!section) throw new AdminProductError(422, "Такого раздела нет: выберите раздел из списка.", "sectionId");
    const taken = await trx.selectFrom("products").select("id").where("slug", "=", input.slug).where("id", "!=", id).executeTakeFirst();
    const gone = await trx.selectFrom("deleted_products").select("slug").where("slug", "=", input.slug).executeTakeFirst();
    if (taken || gone) throw new AdminProductError(422, "Такой адрес уже занят другим товаром: измените его.", "slug");
    const values = await checkProperties(trx, input);
    const current = id === 0 ? null : await trx.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
    if (current === undefined) throw new AdminProductError(404, "Такого товара нет.", "product");
    const imagesBefore = current ? parseJsonList(current.images, isProductImage) : [];
    let images: ReturnType<typeof resolveProductImages>;
    try {
      images = resolveProductImages(imagesBefore, input.images, input.title);
    } catch (error) {
      if (error instanceof ProductImagesRefusal) throw new AdminProductError(error.status, error.message, error.field);
      throw error;
    }
    let set: Awaited<ReturnType<typeof composeSet>> | null = null;
    try {
      set = input.set ? await composeSet(trx, id, input.set) : null;
    } catch (error) {
      if (error instanceof SetCompositionError) throw new AdminProductError(422, error.message, "setItems");
      throw error;
    }
    const fields = {
      title: input.title,
      slug: input.slug,
      section_id: input.sectionId,
      brand: input.brand,
      ...(input.article === undefined ? {} : { article: input.article }),
      price: input.price,
      old_price: input.oldPrice,
      stock: input.stock,
      ...(input.lead ? { lead_weeks_min: input.lead.min, lead_weeks_max: input.lead.max } : {}),
      weight: input.weight,
      published: input.published ? 1 : 0,
      description: cleanRichText(input.description) as string,
      videos: JSON.stringify(input.videos),
      // a set's numbers are counted from its items (decision 078), whatever was posted
      ...set?.fields,
    };
    let productId = id;
    let before: Record<string, unknown> | null = null;
    // what is sold is the variant: the model's figures follow it by trigger (docs/decisions/108-product-variants.md)
    const { price, old_price, stock, weight, ...modelFields } = fields;
    const figures = { price, old_price, stock, weight };
    if (id === 0) {
      const row = await trx
        .insertInto("products")
        .values({
          set_discount: 0,
          ...fields,
          kind: set ? "set" : "product",
          rating: 0,
          rating_count: 0,
          popularity: 0,
          images: JSON.stringify(images),
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      productId = row.id;
      await createFirstVariant(trx, productId, figures, now);
    } else {
      if (current && current.kind !== (set ? "set" : "product")) throw new AdminProductError(409, PRODUCT_CONFLICT_MESSAGE, "version");
      // the conditional update is the lock: of two saves carrying one version, only the first matches
      const saved = await updateAtVersion(trx, "products", { column: "id", id }, input.version, {
        ...modelFields,
        images: JSON.stringify(images),
        updated_at: now,
      });
      if (!saved) throw new AdminProductError(409, PRODUCT_CONFLICT_MESSAGE, "version");
      await writeFirstVariant(trx, id, figures, now);
      before = Object.fromEntries(Object.keys(fields).map((k) => [k, current![k as keyof typeof current]]));
      await trx.deleteFrom("product_values").where("product_id", "=", id).execute();
    }
    if (values.length)
      await trx
        .insertInto("product_values")
        .values(values.map((v) => ({ ...v, product_id: productId })))
        .execute();
    const changed: [string, unknown][] = Object.entries(fields).filter(([k, v]) => before === null || String(before[k] ?? "") !== String(v ?? ""));
    if (set) {
      const itemsBefore = auditedItems(id === 0 ? [] : await storedSetItems(trx, productId));
      const itemsAfter = auditedItems(set.rows);
      await writeSetItems(trx, productId, set.rows);
      if (before === null || JSON.stringify(itemsBefore) !== JSON.stringify(itemsAfter)) {
        if (before) before.items = itemsBefore;
        changed.push(["items", itemsAfter]);
      }
    }
    // pictures are audited as their paths and alt texts in order (decision 077)
    const auditImages = (list: typeof images) => list.map(({ src, alt }) => ({ src, alt }));
    if (JSON.stringify(auditImages(imagesBefore)) !== JSON.stringify(auditImages(images))) {
      changed.push(["images", auditImages(images)]);
      if (before) before.images = auditImages(imagesBefore);
    }
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
    // the sets this product is in follow its price and weight (decision 078)
    const sets = id === 0 || set ? [] : await recomputeSetsContaining(trx, [productId], actor, now);
    const videosBefore = current ? parseJsonList(current.videos, isNonEmptyString) : [];
    return { id: productId, sets, dropped: droppedMedia({ images: imagesBefore, videos: videosBefore }, { images, videos: input.videos }) };
  });
  // the storefront shows the change within a second (decision 074)
  await catalogChanged(db, [saved.id, ...saved.sets]);
  return { id: saved.id, dropped: saved.dropped };
}
