// `npm run bench:import [-- --rows 200000,500000 --heap 192]`: the catalogue CSV import through the
// real server, as a content manager uses it, started as `npm run serve` starts it (HEAP_MB, 192 MB
// by default). For each size: a fresh SQLite database with the demo seed, a generated file of that
// many new products uploaded at /admin/import/, the time until the preview is ready, «Применить»
// (the time until the page shows the result, or the heap check's refusal), then — when the new
// products were applied — the server's catalogue index rebuilt for them (a phase of its own, until
// its loopback /metrics counts the build), and the same file with every price changed (as many
// changes). Meanwhile /healthz and a storefront page (/catalog/) are each asked every 25 ms:
// p50/p99/max and answers that were not 200 per phase, and the server's RSS idle and its peak per
// phase (VmHWM, worker threads included, reset through /proc/<pid>/clear_refs after each phase),
// with the machine's load average. Figures go in docs/decisions/103 and 104, never in tests.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";
import { seedDemo } from "../app/db/seed/seed.server.ts";
import { rotateSession } from "../app/features/accounts/index.server.ts";
import { addStaff, CLI_ACTOR } from "../app/features/staff/index.server.ts";
import { csvLine } from "../app/lib/csv.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "200000,500000" },
    port: { type: "string", default: "3191" },
    "metrics-port": { type: "string", default: "3192" },
    heap: { type: "string", default: "192" },
  },
});
const HEAP_MB = Number(values.heap);
const SIZES = values.rows.split(",").map(Number);
const PORT = Number(values.port);
const METRICS_PORT = Number(values["metrics-port"]);
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = "bench-secret-bench-secret-bench-secret-0123";
const dir = path.join(root, "data/bench");

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/** `path` asked every 25 ms while `phase` is set: latencies per phase */
class Sampler {
  phase: string | null = null;
  readonly samples = new Map<string, { ms: number[]; failed: number }>();
  private running = true;
  private loop: Promise<void> | null = null;
  readonly path: string;
  constructor(path: string) {
    this.path = path;
  }
  start() {
    this.loop = (async () => {
      while (this.running) {
        const phase = this.phase;
        const started = performance.now();
        let ok = false;
        try {
          const res = await fetch(`${BASE}${this.path}`, { signal: AbortSignal.timeout(10_000) });
          await res.arrayBuffer();
          ok = res.status === 200;
        } catch {
          ok = false;
        }
        if (phase) {
          const s = this.samples.get(phase) ?? { ms: [], failed: 0 };
          s.ms.push(performance.now() - started);
          if (!ok) s.failed++;
          this.samples.set(phase, s);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
  }
  async stop() {
    this.running = false;
    await this.loop;
  }
  report(phase: string) {
    const s = this.samples.get(phase);
    if (!s) return `${this.path} no samples`;
    const sorted = s.ms.slice().sort((a, b) => a - b);
    return `${this.path} n=${sorted.length} p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms, not 200: ${s.failed}`;
  }
}

/** both samplers at once */
class Samplers {
  readonly all = [new Sampler("/healthz"), new Sampler("/catalog/")];
  set phase(p: string | null) {
    for (const s of this.all) s.phase = p;
  }
  start() {
    for (const s of this.all) s.start();
  }
  async stop() {
    await Promise.all(this.all.map((s) => s.stop()));
  }
  report(phase: string) {
    return this.all.map((s) => s.report(phase)).join("; ");
  }
}

const load = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

function rssMb(pid: number, field: "VmHWM" | "VmRSS"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024);
}

/** the peak RSS since the last call (Linux resets VmHWM to the current RSS when "5" is written to clear_refs) */
function phasePeakMb(pid: number): string {
  const peak = rssMb(pid, "VmHWM");
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    return `${peak} MB (since start: clear_refs not writable)`;
  }
  return `${peak} MB`;
}

/** full builds of the server's catalogue index so far (its loopback /metrics) */
async function indexBuilds(): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  return Number(/vitrina_catalog_index_update_seconds_count\{kind="build"\} (\d+)/.exec(text)?.[1] ?? 0);
}

async function prepare(file: string): Promise<string> {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  const db = openDatabase(file);
  try {
    await migrateToLatest(db);
    await seedDemo(db, { mediaDir: path.join(dir, "media"), images: false, reset: true });
    const made = await addStaff(db, CLI_ACTOR, { email: `bench.${Date.now()}@example.ru`, role: "content", name: "Замер", password: "стол и шкаф 2026" });
    if (!made.ok) throw new Error("no staff");
    const session = await rotateSession(db, null, made.userId, {});
    const mac = crypto.createHmac("sha256", SECRET).update(session.id).digest("base64url").slice(0, 22);
    const section = await db.kysely.selectFrom("sections").select("slug").where("parent_id", "is not", null).executeTakeFirstOrThrow();
    return JSON.stringify({ cookie: `vitrina_sid=${encodeURIComponent(`${session.id}.${mac}`)}`, section: section.slug });
  } finally {
    await db.close();
  }
}

function writeCsv(file: string, rows: number, section: string, priceShift: number) {
  const fd = fs.openSync(file, "w");
  let buf = csvLine(["slug", "title", "section", "price", "old_price", "stock", "published"]);
  for (let i = 1; i <= rows; i++) {
    buf += csvLine([`bench-${i}`, `Товар для замера №${i}`, section, `${1000 + (i % 5000) + priceShift},50`, "", String(i % 40), "1"]);
    if (buf.length > 1 << 20) {
      fs.writeSync(fd, buf);
      buf = "";
    }
  }
  fs.writeSync(fd, buf);
  fs.closeSync(fd);
}

async function startServer(dbFile: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--max-semi-space-size=4", `--max-old-space-size=${HEAP_MB}`, "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: "2",
      NODE_ENV: "production",
      DATABASE_URL: dbFile,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: BASE,
      METRICS_PORT: String(METRICS_PORT),
      SESSION_SECRET: SECRET,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error("server did not start");
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** upload → preview → «Применить» → the result; true when applied, false when the heap check refused it */
async function importOnce(pid: number, cookie: string, file: string, label: string, sampler: Samplers, expect: string): Promise<boolean> {
  const headers = { cookie, "sec-fetch-site": "same-origin", accept: "text/html" };
  const form = new FormData();
  form.set("intent", "upload");
  form.set("file", new Blob([fs.readFileSync(file)], { type: "text/csv" }), path.basename(file));
  sampler.phase = `${label} preview`;
  const began = performance.now();
  const send = () => fetch(`${BASE}/admin/import/`, { method: "POST", body: form, headers, redirect: "manual" });
  let up: Response;
  try {
    up = await send();
  } catch (e) {
    // a kept-alive connection the server closed as the POST went out (fetch does not resend a
    // POST itself): said, and sent once more
    console.log(`  ${label}: the upload failed (${String((e as Error).cause ?? e)}), sent again`);
    up = await send();
  }
  if (up.status !== 303) throw new Error(`upload answered ${up.status}: ${(await up.text()).slice(0, 300)}`);
  const location = up.headers.get("location")!;
  const uploadMs = performance.now() - began;
  let page = "";
  for (;;) {
    page = await (await fetch(BASE + location, { headers })).text();
    if (!page.includes("разбирается")) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const previewMs = performance.now() - began;
  const previewLoad = load();
  const previewPeak = phasePeakMb(pid);
  if (!page.includes(expect)) throw new Error(`${label}: preview is not «${expect}»: ${/Создать:[^<]*/.exec(page)?.[0]}`);
  const warned = /Каталог из [^<]*/.exec(page)?.[0];
  sampler.phase = `${label} apply`;
  const session = new URL(location, BASE).searchParams.get("session")!;
  const builds = await indexBuilds();
  const began2 = performance.now();
  const applied = await fetch(`${BASE}/admin/import/?session=${session}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "apply", session }),
    headers,
    redirect: "manual",
  });
  let outcome: string;
  if (applied.status === 409) outcome = `refused: ${/Каталог из [^<]*|Не применено[^<]*|Каталог изменился[^<]*/.exec(await applied.text())?.[0]}`;
  else if (applied.status !== 303) throw new Error(`apply answered ${applied.status}: ${(await applied.text()).slice(0, 300)}`);
  else {
    // done at once (?done=…), or written in the background: the page says «применяется» until then
    let where = applied.headers.get("location")!;
    while (!where.includes("done=")) {
      await new Promise((r) => setTimeout(r, 200));
      const res = await fetch(BASE + location, { headers, redirect: "manual" });
      if (res.status === 303) where = res.headers.get("location")!;
      else {
        const text = await res.text();
        if (!text.includes("применяется")) throw new Error(`apply failed: ${/role="alert"[^<]*<[^<]*/.exec(text)?.[0] ?? text.slice(0, 300)}`);
      }
    }
    outcome = `applied (${where})`;
  }
  const applyMs = performance.now() - began2;
  const applyPeak = phasePeakMb(pid);
  // the server rebuilds its catalogue index for the new catalogue after the commit (decision 093)
  let rebuild = "";
  if (outcome.startsWith("applied") && (await indexBuilds()) > builds) rebuild = "index already rebuilt before the page showed the result (in the apply phase)";
  else if (outcome.startsWith("applied")) {
    sampler.phase = `${label} index rebuild`;
    const began3 = performance.now();
    while ((await indexBuilds()) === builds && performance.now() - began3 < 600_000) await new Promise((r) => setTimeout(r, 200));
    rebuild = `index rebuilt (or 10 min passed) in ${((performance.now() - began3) / 1000).toFixed(1)} s after the apply (load ${load()}), peak RSS ${phasePeakMb(pid)}`;
  }
  sampler.phase = null;
  console.log(
    `  ${label}: upload answered in ${(uploadMs / 1000).toFixed(1)} s, preview ready in ${(previewMs / 1000).toFixed(1)} s (load ${previewLoad}), peak RSS ${previewPeak}${warned ? ` — preview says «${warned}»` : ""}`,
  );
  console.log(`    «Применить»: ${outcome} in ${(applyMs / 1000).toFixed(1)} s (load ${load()}), peak RSS ${applyPeak}`);
  console.log(`    during preview: ${sampler.report(`${label} preview`)}`);
  console.log(`    during apply:   ${sampler.report(`${label} apply`)}`);
  if (rebuild) console.log(`    ${rebuild}`);
  if (sampler.all[0]!.samples.has(`${label} index rebuild`)) console.log(`    during the rebuild: ${sampler.report(`${label} index rebuild`)}`);
  return outcome.startsWith("applied");
}

fs.mkdirSync(dir, { recursive: true });
for (const rows of SIZES) {
  const dbFile = path.join(dir, `import-${rows}.db`);
  const { cookie, section } = JSON.parse(await prepare(dbFile)) as { cookie: string; section: string };
  const created = path.join(dir, `import-${rows}.csv`);
  const changed = path.join(dir, `import-${rows}-prices.csv`);
  writeCsv(created, rows, section, 0);
  writeCsv(changed, rows, section, 1);
  console.log(`${rows} rows (${(fs.statSync(created).size / 1e6).toFixed(1)} MB), server at HEAP_MB=${HEAP_MB}, load ${load()}:`);
  const server = await startServer(dbFile);
  const pid = server.pid!;
  const sampler = new Samplers();
  sampler.start();
  try {
    // a storefront page built the catalogue index: the server as a visitor finds it
    await fetch(`${BASE}/catalog/`);
    console.log(`  server idle: RSS ${rssMb(pid, "VmRSS")} MB, peak since start ${phasePeakMb(pid)}`);
    if (await importOnce(pid, cookie, created, "create", sampler, `Создать: ${rows}, изменить: 0`))
      await importOnce(pid, cookie, changed, "change every price", sampler, `Создать: 0, изменить: ${rows}`);
    console.log(`  server alive: ${server.exitCode === null}`);
  } finally {
    await sampler.stop();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}
