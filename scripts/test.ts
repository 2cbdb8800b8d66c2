// `npm test`: lint, format and dead-code checks and the typecheck (side by side), build, unit + integration
// tests (Vitest), browser tests (Playwright in Debian's Chromium). Stops after the first failing step; says
// how long each step took and ends with one summary line.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

function run(title: string, command: string): boolean {
  console.log(`\n▶ ${title}: ${command}`);
  const res = spawnSync(command, { stdio: "inherit", shell: true, env: process.env });
  if (res.status !== 0) console.error(`✖ ${title} failed (exit ${res.status ?? res.signal})`);
  return res.status === 0;
}

function ensureChromium(): boolean {
  const wanted = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(wanted)) return true;
  if (process.env.CHROME_PATH) {
    console.error(`CHROME_PATH points to ${wanted}, which does not exist.`);
    return false;
  }
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package with apt-get…");
    return run("install chromium", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium") && fs.existsSync(wanted);
  }
  console.error(
    "The browser tests need Debian's Chromium at /usr/bin/chromium. Install it with:\n" +
      "  sudo apt-get update && sudo apt-get install -y chromium\n" +
      "or point CHROME_PATH at another Chromium binary.",
  );
  return false;
}

/**
 * Debian's nginx (with its brotli module) for the cluster proof (tests/integration/platform/cluster.test.ts).
 * Missing and not root: the suite fails saying so; the other tests still run.
 */
function ensureNginx(): void {
  if (fs.existsSync("/usr/sbin/nginx") && fs.existsSync("/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so")) return;
  if (process.getuid?.() === 0) {
    console.log("nginx or its brotli module is missing: installing Debian's nginx and libnginx-mod-http-brotli-filter with apt-get…");
    run("install nginx", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-filter");
    return;
  }
  console.error(
    "The cluster tests need Debian's nginx at /usr/sbin/nginx. Install it with:\n" +
      "  sudo apt-get update && sudo apt-get install -y nginx libnginx-mod-http-brotli-filter",
  );
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitestCounts(file: string): Counts {
  const r = JSON.parse(fs.readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function playwrightCounts(file: string): Counts {
  const r = JSON.parse(fs.readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
}

fs.rmSync("test-results", { recursive: true, force: true });
fs.mkdirSync("test-results", { recursive: true });

/** a step's header, its output and how long it took */
function report(title: string, command: string, output: string, status: number | null, ms: number): boolean {
  console.log(`\n▶ ${title}: ${command}`);
  if (output) process.stdout.write(output);
  if (status !== 0) console.error(`✖ ${title} failed (exit ${status})`);
  else console.log(`✔ ${title} (${(ms / 1000).toFixed(0)} s)`);
  return status === 0;
}

/** One check, its output kept until it ends so that checks running side by side do not interleave. */
function check(title: string, command: string): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env: process.env });
    let output = "";
    child.stdout.on("data", (b: Buffer) => (output += b.toString()));
    child.stderr.on("data", (b: Buffer) => (output += b.toString()));
    child.on("close", (status) => resolve(report(title, command, output, status, Date.now() - started)));
  });
}

/**
 * The static checks read the source and nothing else: each is one process on one core, so they
 * run side by side, as many at a time as there are cores (at least two), and all report.
 */
async function checks(list: [string, string][]): Promise<boolean> {
  const queue = [...list];
  let failed = 0;
  // each lane takes the next check when its own has ended
  const lanes = Array.from({ length: Math.max(2, os.availableParallelism()) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) if (!(await check(...next))) failed++;
  });
  await Promise.all(lanes);
  return failed === 0;
}

function timed(title: string, command: string): boolean {
  const started = Date.now();
  const ok = run(title, command);
  if (ok) console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return ok;
}

let ok = await checks([
  ["lint", "eslint . --max-warnings=0"],
  ["typecheck", "react-router typegen && tsc --noEmit"],
  // one format for the whole tree (`npm run format` fixes it)
  ["format", "prettier --check ."],
  ["dead code", "knip"],
]);
if (ok) ok = timed("build", "npm run build");
if (ok) {
  ensureNginx();
  ok = timed("unit and integration tests", "vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json");
}
if (ok) ok = ensureChromium() && timed("browser tests", "playwright test");

const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
for (const [file, read] of [
  ["test-results/unit.json", vitestCounts],
  ["test-results/e2e.json", playwrightCounts],
] as const) {
  if (!fs.existsSync(file)) continue;
  const c = read(file);
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
}
if (!ok && totals.failed === 0) totals.failed = 1; // a failed lint, typecheck or build step
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
