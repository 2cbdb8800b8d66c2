// `npm run backup [-- --out file]` and `npm run restore -- <file>` for the SQLite database
// (DATABASE_URL, data/vitrina.db by default); decision 095.
// Backup: SQLite's online backup API from a connection of its own, all pages in one step, so
// the copy is one consistent moment of the database while the shop keeps running and writing
// (WAL: readers never stop writers). Written beside its target under a temporary name and
// checked (`PRAGMA integrity_check`) before it takes its name.
// Restore: only a checked SQLite database of this shop (it has Kysely's migration table), and
// only while no one has the target open (the shop must be stopped); the copy goes in beside the
// target and is renamed over it, the old -wal/-shm are removed, the old file stays as a link.
// Every failure an operator can meet (an output that cannot be written, a missing, truncated or
// foreign input, a PostgreSQL DATABASE_URL, a full disk…) is one Russian line on stderr and exit
// code 2 — no stack trace — and leaves no half-written file behind.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { dialectOf, sqlitePathOf } from "../app/db/dialect.ts";
import { shopFileStamp } from "../app/lib/shop-calendar.ts";

const DEFAULT_DIR = "data/backups";
/** all pages in one step: a multi-step backup restarts whenever the shop writes in between */
const ALL_PAGES = 0x7fffffff;
const MIGRATION_TABLE = "kysely_migration";

const [command, ...rest] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL || "data/vitrina.db";

const USAGE = "npm run backup [-- --out файл] | npm run restore -- файл";
/** the exit code of every refusal and failure (1 is Node's own for an uncaught error) */
const EXIT_REFUSED = 2;

/** A failure to tell the operator as it is: one line, no stack. */
class Refusal extends Error {}

function fail(message: string): never {
  throw new Refusal(message);
}

/** Why a file operation or SQLite call failed, in Russian (by Node's and SQLite's error codes). */
function reasonOf(err: unknown): string {
  const code = String((err as { code?: unknown } | null)?.code ?? "");
  if (code === "EACCES" || code === "EPERM") return "нет прав";
  if (code === "EROFS") return "файловая система только для чтения";
  if (code === "ENOSPC" || code === "EDQUOT" || code === "SQLITE_FULL") return "на диске нет места";
  if (code === "ENOENT") return "нет такого файла или папки";
  if (code === "ENOTDIR" || code === "EEXIST") return "часть пути — файл, а не папка";
  if (code === "EISDIR") return "это папка, а не файл";
  if (code === "EXDEV") return "файлы на разных дисках";
  if (code === "SQLITE_CANTOPEN") return "файл не открывается (нет папки, прав или это не обычный файл)";
  if (code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB") return "файл повреждён или обрезан";
  if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") return "база занята другим процессом";
  if (code === "SQLITE_READONLY" || code.startsWith("SQLITE_READONLY_")) return "файл только для чтения";
  if (code.startsWith("SQLITE_IOERR")) return "ошибка чтения или записи диска";
  const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
  return `непредвиденная ошибка (${code ? `${code}: ` : ""}${message})`;
}

/** `run()`, or the refusal «<doing>: <reason>» when it throws. */
function attempt<T>(doing: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof Refusal) throw err;
    fail(`${doing}: ${reasonOf(err)}.`);
  }
}

if (dialectOf(databaseUrl) === "postgres") {
  console.error("DATABASE_URL указывает на PostgreSQL: копию делает pg_dump, см. README («Production: metrics, backups, faults»).");
  process.exit(EXIT_REFUSED);
}
const databaseFile = path.resolve(sqlitePathOf(databaseUrl));

/** Moscow wall time (UTC+3 all year) as 2026-11-28_20-05-03 */

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
  let values: { out?: string };
  try {
    ({ values } = parseArgs({ args, options: { out: { type: "string" } } }));
  } catch {
    fail(`Неизвестный параметр или --out без имени файла. Использование: ${USAGE}`);
  }
  if (!fs.existsSync(databaseFile)) fail(`Нет базы данных ${databaseFile} (DATABASE_URL).`);
  const out = path.resolve(values.out ?? path.join(DEFAULT_DIR, `vitrina-${shopFileStamp(Date.now())}.db`));
  if (fs.existsSync(out)) fail(`${out} уже есть: выберите другое имя (--out).`);
  attempt(`Не создать папку для копии ${path.dirname(out)}`, () => fs.mkdirSync(path.dirname(out), { recursive: true }));
  const part = `${out}.part`;
  const removePart = () => {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(part + suffix, { force: true });
  };
  attempt(`Не записать копию в ${out}`, removePart);
  const started = Date.now();
  const source = attempt(`Не открыть базу данных ${databaseFile} (DATABASE_URL)`, () => new SQLite(databaseFile, { fileMustExist: true }));
  try {
    // the shop may hold the write lock for a moment; the backup only reads, so it rarely waits
    source.pragma("busy_timeout = 10000");
    await source.backup(part, { progress: () => ALL_PAGES });
  } catch (err) {
    removePart();
    // the two ends are told apart by where the error arose: the copy cannot be opened or written,
    // or the source cannot be read
    const code = String((err as { code?: unknown }).code ?? "");
    const writing = code === "SQLITE_CANTOPEN" || code === "SQLITE_FULL" || code === "SQLITE_READONLY" || code.startsWith("SQLITE_IOERR_WRITE");
    fail(writing ? `Не записать копию в ${out}: ${reasonOf(err)}.` : `Не прочитать базу данных ${databaseFile} (DATABASE_URL): ${reasonOf(err)}.`);
  } finally {
    source.close();
  }
  try {
    const integrity = attempt("Копию не удалось проверить", () => integrityOf(part, { readonly: false }));
    if (integrity !== "ok") fail(`Копия не прошла проверку (integrity_check: ${integrity}); файл удалён.`);
    attempt(`Не записать копию в ${out}`, () => fs.renameSync(part, out));
  } catch (err) {
    removePart();
    throw err;
  }
  const mb = (fs.statSync(out).size / 1024 / 1024).toFixed(1);
  console.log(`Резервная копия: ${out} (${mb} МБ, ${Date.now() - started} мс, integrity_check: ok)`);
}

/** Why `file` is not a database this shop can be restored from, or null when it is one. */
function refusalOf(file: string): string | null {
  if (!fs.statSync(file).isFile()) return "это не файл";
  const header = Buffer.alloc(16);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, header, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (header.toString("latin1") !== "SQLite format 3\0") return "это не база SQLite";
  try {
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const table = db.prepare("select name from sqlite_master where type = 'table' and name = ?").get(MIGRATION_TABLE);
      if (!table) return `в ней нет таблицы ${MIGRATION_TABLE}: это не база магазина`;
    } finally {
      db.close();
    }
    const integrity = integrityOf(file);
    return integrity === "ok" ? null : `она повреждена (integrity_check: ${integrity})`;
  } catch (err) {
    // a truncated copy has a good header but its pages end early: SQLite says it is malformed
    const code = String((err as { code?: unknown }).code ?? "");
    if (code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB") return "она повреждена или обрезана";
    throw err;
  }
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
  const refusal = attempt(`Не прочитать ${source}`, () => refusalOf(source));
  if (refusal) fail(`Не восстанавливаю из ${source}: ${refusal}.`);
  let kept: string | null = null;
  if (fs.existsSync(databaseFile)) {
    if (!nobodyHolds(databaseFile)) {
      fail(`База ${databaseFile} открыта (работает магазин?). Остановите магазин и повторите восстановление.`);
    }
    // the old database stays reachable without a copy: a second name for the same file
    kept = `${databaseFile}.before-restore-${shopFileStamp(Date.now())}`;
    const link = kept;
    attempt(`Не сохранить прежнюю базу как ${link}`, () => fs.linkSync(databaseFile, link));
  }
  const temp = `${databaseFile}.restore-${process.pid}`;
  try {
    attempt(`Не записать базу в ${databaseFile} (DATABASE_URL)`, () => {
      fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
      fs.copyFileSync(source, temp);
      const fd = fs.openSync(temp, "r+");
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    });
  } catch (err) {
    // nothing changed: no copy left beside the target, and no second name for the old database
    fs.rmSync(temp, { force: true });
    if (kept) fs.rmSync(kept, { force: true });
    throw err;
  }
  attempt(`Не записать базу в ${databaseFile} (DATABASE_URL)`, () => {
    // a -wal of the old database must never be replayed onto the restored one
    for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(databaseFile + suffix, { force: true });
    fs.renameSync(temp, databaseFile);
  });
  console.log(`Восстановлено: ${databaseFile} из ${source}.`);
  if (kept) console.log(`Прежняя база сохранена как ${kept} (удалите её, когда убедитесь, что всё в порядке).`);
  console.log("Запустите магазин: npm run serve (миграции новее копии применятся при запуске).");
}

try {
  if (command === "backup") await backup(rest);
  else if (command === "restore") restore(rest);
  else fail(`Неизвестная команда. Использование: ${USAGE}`);
} catch (err) {
  // what went wrong is said in one line; a stack trace would only hide it from the operator
  console.error(err instanceof Refusal ? err.message : `Не удалось: ${reasonOf(err)}.`);
  process.exitCode = EXIT_REFUSED;
}
