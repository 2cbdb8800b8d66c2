// What the later packages read of a model's variants (docs/decisions/108-product-variants.md,
// section 3): its variants in page order with their own values, and the choice properties of its
// section, inherited from the nearest ancestor that has any.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { createFirstVariant, loadModelVariants, variantPropertiesOf } from "../../../app/features/variants/variants.server.ts";
import { dialects, openTestDb } from "../../support/test-app.ts";
import { insertModel } from "../../support/variants.ts";

const NOW = 1_764_000_000_000;

describe.each(dialects)("a model's variants and its section's choices on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
  });
  afterAll(async () => {
    await drop?.();
  });

  it("reads the variants in page order with their values, and the choices inherited by a subsection", async () => {
    const k = db.kysely;
    await k
      .insertInto("sections")
      .values([
        { id: 1, parent_id: null, slug: "krovati", title: "Кровати", description: "", sort: 0 },
        { id: 2, parent_id: 1, slug: "dvuspalnye", title: "Двуспальные", description: "", sort: 0 },
        { id: 3, parent_id: null, slug: "stoly", title: "Столы", description: "", sort: 0 },
      ])
      .execute();
    await k
      .insertInto("properties")
      .values([
        { id: 1, code: "color", title: "Цвет", kind: "enum", unit: "", sort: 1, schema_term: "color" },
        { id: 2, code: "sleep_size", title: "Размер спального места", kind: "enum", unit: "", sort: 2, schema_term: "size" },
      ])
      .execute();
    await k
      .insertInto("section_variant_properties")
      .values([
        { section_id: 1, property_id: 2, position: 1, display: "buttons" },
        { section_id: 1, property_id: 1, position: 0, display: "swatch" },
      ])
      .execute();
    const bed = await insertModel(k, { section_id: 2, slug: "krovat-nord", title: "Кровать Норд", created_at: NOW });
    const wide = await createFirstVariant(k, bed, { price: 6_000_000, stock: 1, weight: 70_000, article: "NORD-180" }, NOW);
    const narrow = (
      await k
        .insertInto("product_variants")
        .values({
          product_id: bed,
          article: "NORD-160",
          price: 5_000_000,
          old_price: 5_500_000,
          stock: 2,
          weight: 60_000,
          position: -1,
          created_at: NOW,
          updated_at: NOW,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await k
      .insertInto("product_variant_values")
      .values([
        { variant_id: wide, property_id: 2, value_text: "180×200", value_num: null },
        { variant_id: narrow, property_id: 2, value_text: "160×200", value_num: null },
      ])
      .execute();

    const variants = (await loadModelVariants(k, [bed])).get(bed)!;
    expect(variants.map((v) => [v.id, v.article, v.price, v.oldPrice, v.stock, v.published, v.values.get(2)?.text])).toEqual([
      [narrow, "NORD-160", 5_000_000, 5_500_000, 2, true, "160×200"],
      [wide, "NORD-180", 6_000_000, null, 1, true, "180×200"],
    ]);
    // the model's figures are the summary of the two
    expect(await k.selectFrom("products").select(["price", "stock"]).where("id", "=", bed).executeTakeFirstOrThrow()).toEqual({ price: 5_000_000, stock: 3 });

    expect((await variantPropertiesOf(k, 2)).map((p) => [p.code, p.display, p.schemaTerm])).toEqual([
      ["color", "swatch", "color"],
      ["sleep_size", "buttons", "size"],
    ]);
    expect(await variantPropertiesOf(k, 3)).toEqual([]);
  });
});
