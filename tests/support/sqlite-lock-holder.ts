// Run as a child process: holds SQLite's write lock on the database file given as the argument,
// as another program would (BEGIN EXCLUSIVE), prints "locked", and on a line "release <ms>" (or
// when stdin closes) rolls back after <ms> milliseconds, prints "released" and exits.
import readline from "node:readline";
import SQLite from "better-sqlite3";

const db = new SQLite(process.argv[2]!);
db.pragma("busy_timeout = 5000");
db.exec("begin exclusive");
process.stdout.write("locked\n");

let releasing = false;
function release(afterMs: number) {
  if (releasing) return;
  releasing = true;
  setTimeout(() => {
    db.exec("rollback");
    db.close();
    process.stdout.write("released\n");
    process.exit(0);
  }, afterMs);
}

readline
  .createInterface({ input: process.stdin })
  .on("line", (line) => release(Number(line.split(" ")[1] ?? 0) || 0))
  .on("close", () => release(0));
