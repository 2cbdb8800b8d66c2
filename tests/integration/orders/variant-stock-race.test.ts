// Stock is taken per variant (docs/decisions/108-product-variants.md, section 5): one conditional
// update of the variant per line, so buyers of the last pieces of one variant cannot all win, while
// buyers of another variant of the same model are not held up by them; the model's stock is the
// sum the summary trigger keeps.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { seedDemo } from "../../../app/db/seed/seed.server.ts";
import { changeCart } from "../../../app/features/cart/cart.server.ts";
import { OrderError, placeOrder } from "../../../app/features/orders/orders.server.ts";
import { checkoutInput } from "../../support/orders.ts";
import { dialects, MEDIA_DIR, openTestDb } from "../../support/test-app.ts";

describe.each(dialects)("stock per variant under a race on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    await seedDemo(db, { mediaDir: MEDIA_DIR, images: false });
  });
  afterAll(async () => {
    await drop?.();
  });

  it("of eight buyers of A (3 left) three win, all four buyers of B (5 left) win, and the model keeps the sum", async () => {
    const k = db.kysely;
    const model = await k
      .selectFrom("products")
      .select(["id", "title", "price"])
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .where("price", "<", 10_000_000)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    // the seed's variant A has the model's id; B is a second fabric of the same model
    const a = model.id;
    await k.updateTable("product_variants").set({ stock: 3 }).where("id", "=", a).execute();
    const { id: b } = await k
      .insertInto("product_variants")
      .values({
        product_id: model.id,
        article: "RACE-B",
        price: Number(model.price) + 100_000,
        old_price: null,
        stock: 5,
        position: 1,
        created_at: 1,
        updated_at: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await k.selectFrom("products").select("stock").where("id", "=", model.id).executeTakeFirstOrThrow()).stock).toBe(8);

    const buyers = [...Array.from({ length: 8 }, () => a), ...Array.from({ length: 4 }, () => b)].map((variantId, i) => ({
      variantId,
      owner: `s:race-${dialect}-${i}`,
    }));
    for (const buyer of buyers) await changeCart(db, buyer.owner, { productId: model.id, variantId: buyer.variantId, type: "product", cnt: 1 });
    const results = await Promise.allSettled(buyers.map((buyer) => placeOrder(db, { owner: buyer.owner, userId: null, input: checkoutInput() })));

    const placed = (variantId: number) => results.filter((r, i) => r.status === "fulfilled" && buyers[i]!.variantId === variantId).length;
    expect(placed(a)).toBe(3);
    expect(placed(b)).toBe(4);
    const refusals = results.flatMap((r, i) => (r.status === "rejected" ? [{ variantId: buyers[i]!.variantId, reason: r.reason as unknown }] : []));
    expect(refusals).toHaveLength(5);
    for (const refusal of refusals) {
      expect(refusal.variantId).toBe(a);
      expect(refusal.reason).toBeInstanceOf(OrderError);
      // refused naming the line: by the conditional update, or by the cart read after the winners committed
      expect((refusal.reason as OrderError).status).toBe(409);
      expect((refusal.reason as OrderError).message).toContain(model.title);
    }
    const stock = async (id: number) => (await k.selectFrom("product_variants").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
    expect(await stock(a)).toBe(0);
    expect(await stock(b)).toBe(1);
    expect((await k.selectFrom("products").select("stock").where("id", "=", model.id).executeTakeFirstOrThrow()).stock).toBe(1);
    // each order line names the variant it took, with its article and price as sold
    const lines = await k.selectFrom("order_lines").select(["variant_id", "article", "price", "variant_values"]).where("product_id", "=", model.id).execute();
    expect(lines.filter((l) => l.variant_id === a)).toHaveLength(3);
    expect(lines.filter((l) => l.variant_id === b).map((l) => [l.article, Number(l.price), l.variant_values])).toEqual(
      Array.from({ length: 4 }, () => ["RACE-B", Number(model.price) + 100_000, "[]"]),
    );
  });
});
