// `npm test`: lint, format and dead-code checks, typecheck, build, unit + integration tests (Vitest), browser tests
// (Playwright in Debian's Chromium). Stops at the first failing step; ends with one summary line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
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

const steps: [string, string][] = [
  ["lint", "eslint . --max-warnings=0"],
  // one format for the whole tree (`npm run format` fixes it)
  ["format", "prettier --check ."],
  ["dead code", "knip"],
  ["typecheck", "react-router typegen && tsc --noEmit"],
  ["build", "npm run build"],
  ["unit and integration tests", "vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json"],
];
let ok = true;
for (const [title, command] of steps) {
  if (title === "unit and integration tests") ensureNginx();
  if (!run(title, command)) {
    ok = false;
    break;
  }
}
if (ok) ok = ensureChromium() && run("browser tests", "playwright test");

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
