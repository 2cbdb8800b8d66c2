import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { seedDemo } from "../../../app/db/seed/seed.server.ts";
import { buildCatalogIndex, type CatalogIndex } from "../../../app/features/catalog/catalog-index.server.ts";
import { computeListing } from "../../../app/features/catalog/listing.server.ts";
import { searchProductIds } from "../../../app/features/search/search.server.ts";
import { rebuildSearchIndex } from "../../../app/features/catalog/search-documents.server.ts";
import { parseListingQuery, type ListingQuery } from "../../../app/features/catalog/listing-query.ts";
import { dialects, MEDIA_DIR, openTestDb } from "../../support/test-app.ts";

interface RawProduct {
  id: number;
  sectionPath: number[];
  price: number;
  brand: string;
  text: Map<string, Set<string>>;
  nums: Map<string, number>;
}

/** The catalogue as plain objects, to check the index against the definition of each number. */
async function loadRaw(db: Db): Promise<RawProduct[]> {
  const k = db.kysely;
  const sections = await k.selectFrom("sections").select(["id", "parent_id"]).execute();
  const parent = new Map(sections.map((s) => [s.id, s.parent_id]));
  const props = new Map((await k.selectFrom("properties").select(["id", "code", "kind"]).execute()).map((p) => [p.id, p]));
  const products = await k.selectFrom("products").select(["id", "section_id", "price", "brand"]).execute();
  const byId = new Map<number, RawProduct>();
  for (const p of products) {
    const path: number[] = [];
    for (let s: number | null | undefined = p.section_id; s != null; s = parent.get(s)) path.push(s);
    byId.set(p.id, {
      id: p.id,
      sectionPath: path,
      price: Math.round(Number(p.price) / 100),
      brand: p.brand,
      text: new Map([["brand", new Set([p.brand])]]),
      nums: new Map(),
    });
  }
  for (const v of await k.selectFrom("product_values").selectAll().execute()) {
    const p = byId.get(v.product_id)!;
    const prop = props.get(v.property_id)!;
    if (prop.kind === "number") {
      if (v.value_num !== null) p.nums.set(prop.code, v.value_num);
    } else if (v.value_text) {
      if (!p.text.has(prop.code)) p.text.set(prop.code, new Set());
      p.text.get(prop.code)!.add(v.value_text);
    }
  }
  for (const p of byId.values()) p.nums.set("price", p.price);
  return [...byId.values()];
}

function matches(p: RawProduct, q: ListingQuery, section: number, skip: string | null): boolean {
  if (!p.sectionPath.includes(section)) return false;
  for (const [code, values] of Object.entries(q.facets)) {
    if (code === skip || !values.length) continue;
    const own = p.text.get(code);
    if (!own || !values.some((v) => own.has(v))) return false;
  }
  for (const [code, r] of Object.entries(q.ranges)) {
    if (code === skip) continue;
    const v = p.nums.get(code);
    if (v === undefined || (r.min !== undefined && v < r.min) || (r.max !== undefined && v > r.max)) return false;
  }
  return true;
}

describe.each(dialects)("catalogue listing on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let index: CatalogIndex;
  let raw: RawProduct[];
  let sectionIds: number[];

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    await seedDemo(db, { mediaDir: MEDIA_DIR, images: false });
    await rebuildSearchIndex(db);
    index = await buildCatalogIndex(db);
    raw = await loadRaw(db);
    sectionIds = (await db.kysely.selectFrom("sections").select("id").orderBy("id").execute()).map((s) => s.id);
  });
  afterAll(async () => {
    await drop?.();
  });

  const known = () => ({ facets: new Set(index.facets.map((f) => f.code)), ranges: new Set(index.ranges.map((r) => r.code)) });

  it("counts, bounds and totals equal a brute-force computation for many filter combinations", () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    let checked = 0;
    for (let round = 0; round < 60; round++) {
      const section = sectionIds[rand(sectionIds.length)]!;
      const inSection = raw.filter((p) => p.sectionPath.includes(section));
      if (!inSection.length) continue;
      const params = new URLSearchParams();
      // one to three facets from values that occur in the section, sometimes two values of one facet
      for (let f = 0; f < 1 + rand(3); f++) {
        const p = inSection[rand(inSection.length)]!;
        const codes = [...p.text.keys()];
        const code = codes[rand(codes.length)]!;
        const values = [...p.text.get(code)!];
        params.append(code, values[rand(values.length)]!);
      }
      if (rand(2)) {
        const prices = inSection.map((p) => p.price).sort((a, b) => a - b);
        params.set("price[min]", String(prices[rand(prices.length)]));
        if (rand(2)) params.set("price[max]", String(prices[prices.length - 1]! + 1));
      }
      const q = parseListingQuery(params, known());
      const base = index.sections.get(section)!;
      const result = computeListing(index, base, q);

      expect(result.total).toBe(raw.filter((p) => matches(p, q, section, null)).length);
      for (const facet of result.facets) {
        for (const v of facet.values) {
          const expected = raw.filter((p) => matches(p, q, section, facet.code) && p.text.get(facet.code)?.has(v.value)).length;
          expect(v.count, `${facet.code}=${v.value} in section ${section} with ${params}`).toBe(expected);
          expect(v.disabled).toBe(expected === 0 && !v.checked);
          checked++;
        }
      }
      for (const range of result.ranges) {
        const values = raw
          .filter((p) => matches(p, q, section, range.code))
          .map((p) => p.nums.get(range.code))
          .filter((v): v is number => v !== undefined);
        if (!values.length) continue;
        expect(range.min, `${range.code} min`).toBe(Math.floor(Math.min(...values)));
        expect(range.max, `${range.code} max`).toBe(Math.ceil(Math.max(...values)));
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("pages through the matches in the chosen order without gaps or repeats", () => {
    const section = index.sections.get(sectionIds[0]!)!;
    const seen: number[] = [];
    for (let page = 1; page <= 20; page++) {
      const q = parseListingQuery(new URLSearchParams(`direction=price_asc&num=12&page=${page}`), known());
      const { positions, total } = computeListing(index, section, q);
      seen.push(...positions);
      if (seen.length >= total) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(section.count());
    const prices = seen.map((p) => index.ranges[0]!.values[p]!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("finds products by word stems, with ё equal to е and any case", async () => {
    const sofas = await searchProductIds(db, "диваны");
    expect(sofas.length).toBeGreaterThan(5);
    expect(new Set(await searchProductIds(db, "ДИВАН"))).toEqual(new Set(sofas));
    const titles = await db.kysely.selectFrom("products").select("title").where("id", "in", sofas).execute();
    expect(titles.some((t) => /диван/i.test(t.title))).toBe(true);

    const carpetsYo = await searchProductIds(db, "ковёр");
    expect(carpetsYo.length).toBeGreaterThan(0);
    expect(new Set(await searchProductIds(db, "ковер"))).toEqual(new Set(carpetsYo));
    expect(new Set(await searchProductIds(db, "Лён"))).toEqual(new Set(await searchProductIds(db, "лен")));
    expect(await searchProductIds(db, "ывапролджэ")).toEqual([]);
    expect(await searchProductIds(db, "\"'*()")).toEqual([]);
  });

  it("narrows search results with several words", async () => {
    const grey = new Set(await searchProductIds(db, "серый"));
    const sofas = new Set(await searchProductIds(db, "диван"));
    const both = await searchProductIds(db, "серый диван");
    expect(both.length).toBeGreaterThan(0);
    for (const id of both) {
      expect(grey.has(id) && sofas.has(id)).toBe(true);
    }
  });
});
