// `npm run bench:import`: 100 000 catalogue rows through the CSV import on SQLite (issue 14: under
// a minute). Seeds the demo catalogue into a fresh database in data/bench, then times: a file of
// ROWS new products (preview, then apply), and the export of the whole catalogue re-imported
// with every price changed (ROWS+ updates).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";
import { seedDemo } from "../app/db/seed/seed.server.ts";
import { applyCatalogCsv, exportCatalogCsv, previewCatalogCsv } from "../app/domain/catalog-import.server.ts";
import { CLI_ACTOR } from "../app/domain/staff.server.ts";
import { csvLine, parseCsv } from "../app/lib/csv.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({ options: { rows: { type: "string", default: "100000" } } });
const ROWS = Number(values.rows);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** wall time and this process's CPU time: on a shared, loaded machine the two differ a lot */
async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  console.log(`${label}: ${seconds(performance.now() - started)} wall, ${seconds((used.user + used.system) / 1000)} CPU`);
  return result;
}

const dir = path.join(root, "data/bench");
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, "import.db");
for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
const db = openDatabase(file);
try {
  await migrateToLatest(db);
  await seedDemo(db, { mediaDir: path.join(dir, "media"), images: false, reset: true });
  const section = await db.kysely.selectFrom("sections").select("slug").where("parent_id", "is not", null).executeTakeFirstOrThrow();

  const lines = [csvLine(["slug", "title", "section", "price", "old_price", "stock", "published"])];
  for (let i = 1; i <= ROWS; i++) {
    lines.push(csvLine([`bench-${i}`, `Товар для замера №${i}`, section.slug, `${1000 + (i % 5000)},50`, "", String(i % 40), "1"]));
  }
  const created = lines.join("");
  console.log(`${ROWS} new rows, ${(created.length / 1e6).toFixed(1)} M characters`);
  const preview = await timed("preview (create)", () => previewCatalogCsv(db, created));
  if (preview.errors.length > 0) throw new Error(`bench file has errors: ${JSON.stringify(preview.errors.slice(0, 3))}`);
  const start = performance.now();
  const applied = await timed("apply (create)", () => applyCatalogCsv(db, CLI_ACTOR, created));
  const createMs = performance.now() - start;
  if (!applied.ok || applied.created !== ROWS) throw new Error("create did not apply");

  const exported = await timed("export", () => exportCatalogCsv(db));
  const records = parseCsv(exported.slice(1));
  const header = records[0]!.cells;
  const price = header.indexOf("price");
  const edited = records
    .map((r, i) => (i === 0 ? csvLine(r.cells) : csvLine(r.cells.map((c, j) => (j === price ? `${Number(c.replace(",", ".")) + 1}` : c)))))
    .join("");
  const start2 = performance.now();
  const changed = await timed(`apply (change every price, ${records.length - 1} rows)`, () => applyCatalogCsv(db, CLI_ACTOR, edited));
  if (!changed.ok) throw new Error("change did not apply");
  console.log(
    JSON.stringify({
      rows: ROWS,
      createSeconds: +(createMs / 1000).toFixed(1),
      changeSeconds: +((performance.now() - start2) / 1000).toFixed(1),
      changed: changed.changed,
    }),
  );
} finally {
  await db.close();
}
