// A large catalogue CSV on both dialects (decisions 103 and 104): the storefront keeps answering
// while its preview is planned and while «Применить» writes it (both in a worker thread with a
// connection of its own; on SQLite the health check says «importing», not «locked»), and a file that would grow the
// catalogue past what the server's heap holds is refused in the preview and at «Применить», with the
// HEAP_MB to start it with, and nothing is applied.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heapMbFor, heapNeededFor } from "../../../app/features/catalog-csv/catalog-capacity.ts";
import { csvLine } from "../../../app/lib/csv.ts";
import type { Visitor } from "../../support/accounts-client.ts";
import { importDesk } from "../../support/catalog-import.ts";
import { staffVisitor } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";

const HEADER = ["slug", "title", "section", "price", "stock"];

describe.each(dialects)("A large catalogue CSV on %s", (dialect) => {
  let app: TestApp;
  let content: Visitor;
  let product: { slug: string; section: string };
  /** products in the demo catalogue (the same in every fresh app) */
  let seeded: number;

  const countProducts = async () =>
    Number(
      (
        await app.vitrina.db.kysely
          .selectFrom("products")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const { upload, previewed, preview, apply } = importDesk(() => content);
  const newProducts = (prefix: string, rows: number) => {
    let csv = csvLine(HEADER);
    for (let i = 1; i <= rows; i++) csv += csvLine([`${prefix}-${i}`, `Товар ${prefix} ${i}`, product.section, `${1000 + i}`, "2"]);
    return csv;
  };

  beforeAll(async () => {
    app = await startTestApp(dialect);
    content = (await staffVisitor(app, "content")).visitor;
    product = await app.vitrina.db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.slug", "sections.slug as section"])
      .where("products.kind", "=", "product")
      .where("products.published", "=", 1)
      .orderBy("products.id")
      .executeTakeFirstOrThrow();
    seeded = await countProducts();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers a product page (and, on SQLite, says «importing» at the health check) while a large file's preview is planned", async () => {
    const ROWS = 30_000;
    const res = await upload(newProducts("razbor", ROWS));
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    const shown = await fetch(`${app.url}/product/${product.slug}/`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("<h1");
    if (dialect === "sqlite") {
      // the preview's rows are written by the worker's own connection, chunk after chunk
      const health = await fetch(`${app.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "importing" });
    }
    // …and the preview was still being planned when they were answered
    expect(await (await content.get(location)).text()).toMatch(/Файл «catalog\.csv» разбирается: прочитано/);
    const page = await previewed(location);
    expect(page).toContain(`Создать: ${ROWS}, изменить: 0`);
    // the worker has ended: the health check probes a write again
    await expect.poll(async () => (await (await fetch(`${app.url}/healthz`)).json()) as unknown, { timeout: 10_000, interval: 50 }).toEqual({ status: "ok" });
  });

  it("answers a product page (and, on SQLite, the health check) while «Применить» is writing", async () => {
    const ROWS = 20_000;
    const { session, location } = await preview(newProducts("idushchiy", ROWS));
    // the press waits for the writes a while, then leaves them to the background
    const pressed = apply(session);
    let page = "";
    await expect
      .poll(
        async () => {
          page = await (await content.get(location)).text();
          return page.includes("применяется");
        },
        { timeout: 30_000, interval: 20 },
      )
      .toBe(true);
    expect(page).toMatch(/Файл «catalog\.csv» применяется: 20\s000\sстрок/);
    // a visitor's read while the import's transaction is open
    const shown = await fetch(`${app.url}/product/${product.slug}/`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("<h1");
    if (dialect === "sqlite") {
      const health = await fetch(`${app.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "importing" });
    }
    // …and the import was still being written when they were answered
    expect(await (await content.get(location)).text()).toContain("применяется");

    // the press answers with the counts when the writes end within its wait, else the page does
    const answer = await pressed;
    expect(answer.status).toBe(303);
    let done = answer.headers.get("location")!;
    if (!done.includes("done="))
      await expect
        .poll(
          async () => {
            const res = await content.get(location);
            done = res.status === 303 ? res.headers.get("location")! : "";
            return done;
          },
          { timeout: 120_000, interval: 100 },
        )
        .toBe(`/admin/import/?done=${ROWS}.0.0`);
    expect(done).toBe(`/admin/import/?done=${ROWS}.0.0`);
    expect(await countProducts()).toBe(seeded + ROWS);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it("refuses a file whose catalogue would not fit the server's heap, naming HEAP_MB, and applies nothing", async () => {
    // a server whose heap holds the demo catalogue and five products more
    const listener = app;
    app = await startTestApp(dialect, { catalogHeapBytes: heapNeededFor(seeded + 5) });
    try {
      content = (await staffVisitor(app, "content")).visitor;
      const { session, page } = await preview(newProducts("ne-vlezet", 10));
      const after = seeded + 10;
      const refusal = `Каталог из ${new Intl.NumberFormat("ru-RU").format(after)} товаров не поместится в память сервера: запустите его с HEAP_MB=${heapMbFor(after)}`;
      expect(page).toContain("Создать: 10, изменить: 0");
      expect(page).toContain(refusal);
      const refused = await apply(session);
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain(refusal);
      expect(await countProducts()).toBe(seeded);
      // changes that create nothing still fit, and are applied
      const fits = await preview(csvLine(HEADER) + csvLine([product.slug, "Переименован при тесной памяти", product.section, "777", "1"]));
      expect(fits.page).not.toContain("не поместится");
      const applied = await apply(fits.session);
      expect(applied.status).toBe(303);
      expect(applied.headers.get("location")).toBe("/admin/import/?done=0.1.0");
    } finally {
      await app.stop();
      app = listener;
    }
  });
});
