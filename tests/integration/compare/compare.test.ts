import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { seedDemo } from "../../../app/db/seed/seed.server.ts";
import { loadComparison } from "../../../app/features/compare/compare.server.ts";
import { differs } from "../../../app/features/compare/compare-types.ts";
import { dialects, MEDIA_DIR, openTestDb } from "../../support/test-app.ts";

describe.each(dialects)("comparison on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    await seedDemo(db, { mediaDir: MEDIA_DIR, images: false });
  });
  afterAll(async () => {
    await drop?.();
  });

  it("puts products of one top-level section in one table, in the order they were added, with every property", async () => {
    const sofa = await db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select("products.id")
      .where("sections.slug", "=", "pryamye-divany")
      .where("kind", "=", "product")
      .orderBy("products.id")
      .executeTakeFirstOrThrow();
    const corner = await db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select("products.id")
      .where("sections.slug", "=", "uglovye-divany")
      .where("kind", "=", "product")
      .orderBy("products.id")
      .executeTakeFirstOrThrow();
    const lamp = await db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select("products.id")
      .where("sections.slug", "=", "torshery")
      .orderBy("products.id")
      .executeTakeFirstOrThrow();
    const tables = await loadComparison(db, [corner.id, lamp.id, sofa.id]);
    expect(tables.map((t) => t.sectionTitle)).toEqual(["Диваны и кресла", "Освещение"]);
    expect(tables[0]!.products.map((p) => p.id)).toEqual([corner.id, sofa.id]);
    const colour = tables[0]!.rows.find((r) => r.title === "Цвет")!;
    expect(colour.values).toHaveLength(2);
    expect(tables[0]!.rows.every((r) => r.values.length === 2)).toBe(true);
    expect(tables[0]!.rows.filter((r) => differs(r.values)).length).toBeLessThan(tables[0]!.rows.length);
  });

  it("ignores ids that are not products", async () => {
    expect(await loadComparison(db, [999999])).toEqual([]);
  });
});
