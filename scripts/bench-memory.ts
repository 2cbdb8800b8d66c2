// What the benches report about memory (docs/decisions/093-compressed-facet-index.md): the
// server's resident set, sampled while a load runs, and the heap the catalogue index keeps.
import fs from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";
import { openDatabase } from "../app/db/database.server.ts";
import { buildCatalogIndex, type CatalogIndex } from "../app/features/catalog/index.server.ts";

/** Resident set of a process, from /proc (Linux), in MB; 0 where there is no /proc. */
export function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak and the last sample. */
export function sampleRss(pid: number | undefined, everyMs = 250): () => { peak: number; last: number } {
  let peak = rssMb(pid);
  let last = peak;
  const timer = setInterval(() => {
    last = rssMb(pid);
    peak = Math.max(peak, last);
  }, everyMs);
  return () => {
    clearInterval(timer);
    last = rssMb(pid);
    return { peak: Math.max(peak, last), last };
  };
}

// a collection before each heap reading, so a figure is what is kept, not garbage
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;
/** V8 heap plus array buffers (typed arrays' storage lives outside the V8 heap), in bytes. */
export function heapUsed(): number {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** How the index's stored position sets are laid out (decision 093). */
export function describeSets(index: CatalogIndex): string {
  const stored = [...index.facets.flatMap((f) => f.sets), ...index.sections.values()];
  const dense = stored.filter((s) => s.dense).length;
  const mb = stored.reduce((n, s) => n + s.bytes, 0) / 1024 / 1024;
  return `${stored.length} facet value and section sets: ${dense} bitsets, ${stored.length - dense} sorted arrays, ${mb.toFixed(1)} MB`;
}

/** Builds the catalogue index of a database in this process: the heap it keeps, and its sets. */
export async function measureIndex(url: string): Promise<string> {
  const db = openDatabase(url);
  try {
    const before = heapUsed();
    const started = performance.now();
    const index = await buildCatalogIndex(db);
    const ms = performance.now() - started;
    const mb = (heapUsed() - before) / 1024 / 1024;
    return `catalogue index of ${index.size} products: ${mb.toFixed(0)} MB of heap, built in ${ms.toFixed(0)} ms; ${describeSets(index)}`;
  } finally {
    await db.close();
  }
}
