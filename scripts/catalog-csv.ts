// `npm run catalog:export -- file.csv` and `npm run catalog:import -- file.csv [--apply]`: the
// back office's CSV import and export from the command line. Uses DATABASE_URL (and
// DATABASE_SCHEMA) like the server and applies pending migrations first. Import prints the
// preview and writes only with --apply, in one transaction, audited as «командная строка».
import { createReadStream, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ensurePgSchema, openDatabase } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";
import {
  applyCatalogImport,
  CatalogFileError,
  dropImportSession,
  exportCatalogCsv,
  finished,
  startCatalogImport,
} from "../app/features/catalog-csv/index.server.ts";
import type { ImportPreview } from "../app/features/catalog-csv/index.ts";
import { CLI_ACTOR } from "../app/features/staff/index.server.ts";

const USAGE = `Использование / usage:
  npm run catalog:export -- <файл.csv>
  npm run catalog:import -- <файл.csv> [--apply]`;

/** the staff id the command line's import sessions are kept under */
const CLI_STAFF = 0;

function printPreview(p: ImportPreview): void {
  console.log(`Строк: ${p.rows} (${p.encoding}, разделитель «${p.separator}»)`);
  console.log(`Создать: ${p.counts.create}, изменить: ${p.counts.change}, без изменений: ${p.unchanged}, с ошибками: ${p.counts.errors}`);
  if (p.titles.length > 0) console.log(`Названия читаются так: ${p.titles.map((t) => `«${t}»`).join(", ")}`);
  for (const r of p.change.slice(0, 20)) console.log(`  строка ${r.line} ${r.slug}: ${r.fields.map((f) => `${f.field} ${f.before} → ${f.after}`).join("; ")}`);
  for (const e of p.errors.slice(0, 50)) console.log(`  ошибка, строка ${e.line}: ${e.message}`);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { apply: { type: "boolean", default: false } } });
  const [command, file] = positionals;
  if ((command !== "export" && command !== "import") || !file) {
    console.error(USAGE);
    return 2;
  }
  const url = process.env.DATABASE_URL ?? "data/vitrina.db";
  const schema = process.env.DATABASE_SCHEMA;
  if (schema && url.startsWith("postgres")) await ensurePgSchema(url, schema);
  const db = openDatabase(url, { schema });
  try {
    await migrateToLatest(db);
    if (command === "export") {
      writeFileSync(file, await exportCatalogCsv(db));
      console.log(`Каталог выгружен в ${file}`);
      return 0;
    }
    // read as a stream, the preview kept in the database: any size in bounded memory (decision 098)
    const started = await startCatalogImport(db, CLI_STAFF, file, () => createReadStream(file, { highWaterMark: 64 * 1024 }));
    try {
      const preview = await finished(db, CLI_STAFF, started.id, started.done);
      printPreview(preview);
      if (preview.counts.errors > 0) {
        console.error("Файл не применён: исправьте строки с ошибками / not applied: fix the rows in error");
        return 1;
      }
      if (!values.apply) {
        console.log("Ничего не записано: добавьте --apply, чтобы применить / dry run: add --apply to write");
        return 0;
      }
      const began = performance.now();
      const result = (await applyCatalogImport(db, CLI_ACTOR, CLI_STAFF, started.id, { waitMs: Infinity }))!;
      if (!result.ok) {
        if (result.preview) printPreview(result.preview);
        else if (!result.applying) console.error(result.message);
        return 1;
      }
      console.log(`Применено за ${Math.round(performance.now() - began)} мс: создано ${result.created}, изменено ${result.changed}`);
      return 0;
    } finally {
      await dropImportSession(db, started.id);
    }
  } catch (e) {
    if (e instanceof CatalogFileError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
