// Showing, hiding and deleting products (the back office's bulk actions and product form): each is
// audited in its own transaction, then reaches the storefront through catalogChanged. A hidden
// product stays in the database and in staff previews; a deleted one leaves its address behind in
// deleted_products, which answers 410 Gone.
import type { Db } from "../../db/database.server.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { catalogChanged } from "../catalog/index.server.ts";

/** A refusal the route turns into a status and a Russian message. */
export class ProductPublishingError extends Error {
  readonly status: 404 | 409;
  constructor(status: 404 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

const NOT_FOUND_MESSAGE = "Такого товара нет: возможно, его уже удалили.";

/** Publishes (true) or hides (false) a product; nothing is recorded when it already is so. */
export async function setProductPublished(db: Db, actor: StaffActor, id: number, published: boolean, now = Date.now()): Promise<void> {
  const changed = await db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("products").select(["published"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new ProductPublishingError(404, NOT_FOUND_MESSAGE);
    const value = published ? 1 : 0;
    if (row.published === value) return false;
    await trx
      .updateTable("products")
      .set((eb) => ({ published: value, version: eb("version", "+", 1), updated_at: now }))
      .where("id", "=", id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: published ? "product.publish" : "product.hide",
        entity: "product",
        entityId: id,
        before: { published: row.published },
        after: { published: value },
      },
      now,
    );
    return true;
  });
  if (changed) await catalogChanged(db, [id]);
}

/**
 * Deletes a product for good; its address answers 410 from then on. Its cart lines, favourites,
 * reviews and search document go with it (orders keep their own copy of the line). A product that
 * is an item of a set cannot go while the set needs it.
 */
export async function deleteProduct(db: Db, actor: StaffActor, id: number, now = Date.now()): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("products").select(["id", "slug", "title", "price", "stock", "published"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new ProductPublishingError(404, NOT_FOUND_MESSAGE);
    const inSet = await trx
      .selectFrom("set_items")
      .innerJoin("products", "products.id", "set_items.set_id")
      .select("products.title")
      .where("set_items.item_id", "=", id)
      .executeTakeFirst();
    if (inSet) throw new ProductPublishingError(409, `Товар входит в комплект «${inSet.title}». Сначала уберите его из комплекта или скройте товар.`);
    await trx
      .insertInto("deleted_products")
      .values({ slug: row.slug, product_id: id, deleted_at: now })
      .onConflict((oc) => oc.column("slug").doUpdateSet({ product_id: id, deleted_at: now }))
      .execute();
    await trx.deleteFrom("products").where("id", "=", id).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "product.delete",
        entity: "product",
        entityId: id,
        before: { slug: row.slug, title: row.title, price: Number(row.price), stock: row.stock, published: row.published },
        after: null,
      },
      now,
    );
  });
  await catalogChanged(db, [id]);
}
