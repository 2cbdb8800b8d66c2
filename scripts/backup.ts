// `npm run backup [-- --out file]` and `npm run restore -- <file>` for the SQLite database
// (DATABASE_URL, data/vitrina.db by default); decision 095.
// Backup: SQLite's online backup API from a connection of its own, all pages in one step, so
// the copy is one consistent moment of the database while the shop keeps running and writing
// (WAL: readers never stop writers). Written beside its target under a temporary name and
// checked (`PRAGMA integrity_check`) before it takes its name.
// Restore: only a checked SQLite database of this shop (it has Kysely's migration table), and
// only while no one has the target open (the shop must be stopped); the copy goes in beside the
// target and is renamed over it, the old -wal/-shm are removed, the old file stays as a link.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { dialectOf, sqlitePathOf } from "../app/db/dialect.ts";

const DEFAULT_DIR = "data/backups";
/** all pages in one step: a multi-step backup restarts whenever the shop writes in between */
const ALL_PAGES = 0x7fffffff;
const MIGRATION_TABLE = "kysely_migration";

const [command, ...rest] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL || "data/vitrina.db";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (dialectOf(databaseUrl) === "postgres") {
  fail(
    "DATABASE_URL указывает на PostgreSQL: резервную копию делает pg_dump, см. README («Production: metrics, backups, faults»).\n" +
      "DATABASE_URL is PostgreSQL: use pg_dump / pg_restore as the README shows («Production: metrics, backups, faults»).",
  );
}
const databaseFile = path.resolve(sqlitePathOf(databaseUrl));

/** Moscow wall time (UTC+3 all year) as 2026-11-28_20-05-03 */
const moscowStamp = (now = Date.now()) => new Date(now + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", "_").replaceAll(":", "-");

function integrityOf(file: string, { readonly = true } = {}): string {
  const db = new SQLite(file, { readonly, fileMustExist: true });
  try {
    // the copy carries the shop's WAL mode: a plain file keeps it to itself (no -wal, -shm beside it)
    if (!readonly) db.pragma("journal_mode = delete");
    return (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

async function backup(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: "string" } } });
  if (!fs.existsSync(databaseFile)) fail(`Нет базы данных ${databaseFile} (DATABASE_URL).`);
  const out = path.resolve(values.out ?? path.join(DEFAULT_DIR, `vitrina-${moscowStamp()}.db`));
  if (fs.existsSync(out)) fail(`${out} уже есть: выберите другое имя (--out).`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const part = `${out}.part`;
  fs.rmSync(part, { force: true });
  const started = Date.now();
  const source = new SQLite(databaseFile, { fileMustExist: true });
  try {
    // the shop may hold the write lock for a moment; the backup only reads, so it rarely waits
    source.pragma("busy_timeout = 10000");
    await source.backup(part, { progress: () => ALL_PAGES });
  } catch (err) {
    fs.rmSync(part, { force: true });
    throw err;
  } finally {
    source.close();
  }
  const integrity = integrityOf(part, { readonly: false });
  if (integrity !== "ok") {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(part + suffix, { force: true });
    fail(`Копия не прошла проверку (integrity_check: ${integrity}); файл удалён.`);
  }
  fs.renameSync(part, out);
  const mb = (fs.statSync(out).size / 1024 / 1024).toFixed(1);
  console.log(`Резервная копия: ${out} (${mb} МБ, ${Date.now() - started} мс, integrity_check: ok)`);
}

/** Why `file` is not a database this shop can be restored from, or null when it is one. */
function refusalOf(file: string): string | null {
  const header = Buffer.alloc(16);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, header, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (header.toString("latin1") !== "SQLite format 3\0") return "это не база SQLite";
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("select name from sqlite_master where type = 'table' and name = ?").get(MIGRATION_TABLE);
    if (!table) return `в ней нет таблицы ${MIGRATION_TABLE}: это не база магазина`;
  } finally {
    db.close();
  }
  const integrity = integrityOf(file);
  return integrity === "ok" ? null : `она повреждена (integrity_check: ${integrity})`;
}

/**
 * True when no other connection has `file` open: leaving WAL mode needs every other connection
 * gone, so a running shop (even an idle one) keeps the mode and is found out.
 */
function nobodyHolds(file: string): boolean {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 0");
    const mode = db.pragma("journal_mode = delete", { simple: true });
    return mode === "delete";
  } catch {
    return false;
  } finally {
    db.close();
  }
}

function restore(args: string[]): void {
  const from = args[0];
  if (!from) fail("Укажите файл копии: npm run restore -- data/backups/vitrina-….db");
  const source = path.resolve(from);
  if (!fs.existsSync(source)) fail(`Нет файла ${source}.`);
  const refusal = refusalOf(source);
  if (refusal) fail(`Не восстанавливаю из ${source}: ${refusal}.`);
  let kept: string | null = null;
  if (fs.existsSync(databaseFile)) {
    if (!nobodyHolds(databaseFile)) {
      fail(`База ${databaseFile} открыта (работает магазин?). Остановите магазин и повторите восстановление.`);
    }
    // the old database stays reachable without a copy: a second name for the same file
    kept = `${databaseFile}.before-restore-${moscowStamp()}`;
    fs.linkSync(databaseFile, kept);
  }
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  const temp = `${databaseFile}.restore-${process.pid}`;
  fs.copyFileSync(source, temp);
  const fd = fs.openSync(temp, "r+");
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  // a -wal of the old database must never be replayed onto the restored one
  for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(databaseFile + suffix, { force: true });
  fs.renameSync(temp, databaseFile);
  console.log(`Восстановлено: ${databaseFile} из ${source}.`);
  if (kept) console.log(`Прежняя база сохранена как ${kept} (удалите её, когда убедитесь, что всё в порядке).`);
  console.log("Запустите магазин: npm run serve (миграции новее копии применятся при запуске).");
}

if (command === "backup") await backup(rest);
else if (command === "restore") restore(rest);
else fail("usage: node scripts/backup.ts backup [--out file] | restore <file>");
