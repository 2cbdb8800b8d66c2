// A catalogue change reaches the listings by a patch of the in-memory index for just the changed
// products (decision 081). A shopper must not be able to tell a patched index from a fresh one:
// after rounds of random edits — prices, titles, brands, property values, sections, hiding,
// publishing, new and deleted products — every listing (page, facet counts, range bounds, total)
// and every search answers exactly as an index built from scratch does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { seedDemo } from "../../../app/db/seed/seed.server.ts";
import { catalogChanged } from "../../../app/features/catalog/catalog-changes.server.ts";
import { buildCatalogIndex, patchedIndex, type CatalogIndex } from "../../../app/features/catalog/catalog-index.server.ts";
import { knownFilters } from "../../../app/features/catalog/listing-page.server.ts";
import { computeListing } from "../../../app/features/catalog/listing.server.ts";
import { deleteProduct } from "../../../app/features/product/product-publishing.server.ts";
import { findProducts } from "../../../app/features/search/search.server.ts";
import { rebuildSearchIndex } from "../../../app/features/catalog/search-documents.server.ts";
import { CLI_ACTOR } from "../../../app/features/staff/staff.server.ts";
import { parseListingQuery } from "../../../app/features/catalog/listing-query.ts";
import { dialects, MEDIA_DIR, openTestDb } from "../../support/test-app.ts";
import { setVariantPrice } from "../../support/variants.ts";

const DIRECTIONS = ["popular", "price_asc", "price_desc", "new", "name"];
const SEARCHES = ["диван", "кресло серое", "стол дуб", "комплекты", "шкаф купе", "Северный"];

describe.each(dialects)("a patched catalogue index on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let seed = 20261125;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const pick = <T>(list: readonly T[]): T => list[rand(list.length)]!;

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    await seedDemo(db, { mediaDir: MEDIA_DIR, images: false });
    await rebuildSearchIndex(db);
  });
  afterAll(async () => {
    await drop?.();
  });

  /** What a shopper sees of the index: listings and searches, by product id rather than position. */
  async function visible(index: CatalogIndex) {
    const sectionIds = [...index.sections.keys()].sort((a, b) => a - b);
    const out: unknown[] = [];
    for (const [i, base] of [index.all, ...sectionIds.map((id) => index.sections.get(id)!)].entries()) {
      // the first facet's first two values and the price's lower half as filters, in every order
      const facet = index.facets.find((f) => f.values.length > 1 && f.sets.some((s) => s.andCount(base.toBitset(index.size)) > 0));
      const filters = facet ? `${facet.code}=${encodeURIComponent(facet.values[0]!)}&${facet.code}=${encodeURIComponent(facet.values[1]!)}` : "";
      for (const direction of DIRECTIONS)
        for (const params of [`direction=${direction}`, `direction=${direction}&${filters}&price[max]=40000&num=60`]) {
          const listing = computeListing(index, base, parseListingQuery(new URLSearchParams(params), knownFilters(index)));
          out.push({ section: i ? sectionIds[i - 1] : "all", params, ...listing, positions: listing.positions.map((p) => index.ids[p]) });
        }
    }
    for (const text of SEARCHES) {
      const found = await findProducts(db, index, text);
      out.push({ query: text, ...found, positions: found.positions.map((p) => index.ids[p]) });
    }
    return out;
  }

  /** One random edit of the kind staff make; returns the ids it touched. */
  async function randomEdit(): Promise<number[]> {
    const k = db.kysely;
    const products = await k.selectFrom("products").select(["id", "title", "brand", "price", "published", "section_id"]).orderBy("id").execute();
    const p = pick(products);
    const kind = rand(9);
    if (kind === 0) {
      await setVariantPrice(k, p.id, 1000 + rand(9_000_000));
    } else if (kind === 1) {
      // a title with a word no other title has: new search terms and vocabulary
      await k
        .updateTable("products")
        .set({ title: `${p.title.split(" ")[0]} Небывалый${rand(1000)} ${pick(["серый", "дуб", "Честер"])}` })
        .where("id", "=", p.id)
        .execute();
    } else if (kind === 2) {
      await k
        .updateTable("products")
        .set({ brand: pick([pick(products).brand, `Новый бренд ${rand(3)}`]) })
        .where("id", "=", p.id)
        .execute();
    } else if (kind === 3) {
      await k
        .updateTable("products")
        .set({ published: p.published ? 0 : 1 })
        .where("id", "=", p.id)
        .execute();
    } else if (kind === 4) {
      await k
        .updateTable("products")
        .set({ section_id: pick(products).section_id })
        .where("id", "=", p.id)
        .execute();
    } else if (kind === 5) {
      // a property value: another product's, a brand-new one, or none at all
      const values = await k.selectFrom("product_values").selectAll().execute();
      const v = pick(values);
      const other = pick(values.filter((o) => o.property_id === v.property_id));
      await k.deleteFrom("product_values").where("product_id", "=", v.product_id).where("property_id", "=", v.property_id).execute();
      const choice = rand(3);
      if (choice < 2)
        await k
          .insertInto("product_values")
          .values({
            product_id: v.product_id,
            property_id: v.property_id,
            value_text: v.value_text === null ? null : choice ? other.value_text : `Особый ${rand(5)}`,
            value_num: v.value_num === null ? null : choice ? other.value_num : 7.5 + rand(100),
          })
          .execute();
      return [v.product_id];
    } else if (kind === 6) {
      await k
        .updateTable("products")
        .set({ popularity: rand(10_000), created_at: Date.now() - rand(10_000_000) })
        .where("id", "=", p.id)
        .execute();
    } else if (kind === 7) {
      // a new product, copied from this one: a position at the end
      const row = await k.selectFrom("products").selectAll().where("id", "=", p.id).executeTakeFirstOrThrow();
      const { id: _id, lead_weeks_min: _min, lead_weeks_max: _max, version: _version, ...copy } = row;
      const created = await k
        .insertInto("products")
        .values({ ...copy, slug: `${row.slug}-copy-${rand(1_000_000)}`, title: `${row.title} копия`, published: 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      // every model has its variant (docs/decisions/108-product-variants.md)
      await k
        .insertInto("product_variants")
        .values({
          product_id: created.id,
          price: row.price,
          old_price: row.old_price,
          stock: row.stock,
          weight: row.weight,
          created_at: row.created_at,
          updated_at: 0,
        })
        .execute();
      return [created.id];
    } else {
      const free = await k
        .selectFrom("products")
        .select("id")
        .where("id", "not in", k.selectFrom("set_items").select("item_id"))
        .where("kind", "=", "product")
        .orderBy("id")
        .execute();
      const id = pick(free).id;
      await deleteProduct(db, CLI_ACTOR, id); // calls catalogChanged itself; listing it again does no harm
      return [id];
    }
    return [p.id];
  }

  it("shows every listing and search exactly as a fresh build does after rounds of random edits", async () => {
    let index = await buildCatalogIndex(db);
    for (let round = 0; round < 8; round++) {
      const touched: number[] = [];
      for (let edit = 0; edit < 1 + rand(5); edit++) {
        touched.push(...(await randomEdit()));
        await catalogChanged(db, touched.slice(-1));
      }
      const patched = await patchedIndex(db, index);
      expect(patched, `round ${round}: a handful of product edits is patched, not rebuilt`).not.toBeNull();
      expect(patched!.patchMs).toBeTypeOf("number");
      const fresh = await buildCatalogIndex(db);
      expect(patched!.generation).toBe(fresh.generation);
      expect(await visible(patched!)).toEqual(await visible(fresh));
      index = patched!;
    }
  });

  it("rebuilds instead when a change listed no products or the generations it missed were pruned", async () => {
    const index = await buildCatalogIndex(db);
    const p = await db.kysely.selectFrom("products").select("id").orderBy("id").limit(1).executeTakeFirstOrThrow();
    await catalogChanged(db, [p.id]);
    expect(await patchedIndex(db, index)).not.toBeNull();
    await catalogChanged(db); // sections or properties changed: everything
    expect(await patchedIndex(db, index)).toBeNull();

    const later = await buildCatalogIndex(db);
    await catalogChanged(db, [p.id]);
    await db.kysely.deleteFrom("catalog_changes").execute();
    expect(await patchedIndex(db, later)).toBeNull();
  });
});
