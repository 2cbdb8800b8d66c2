// `npm run bench:js [-- --lighthouse --runs 3 --port 3165 --files --path /cart/ --path /contacts/]`
// What a first visit downloads before the page is interactive, per page (home, catalogue, a
// product): the JavaScript (module scripts, modulepreloads and every static import they pull in,
// but not the chunks loaded on demand by a dynamic import) and the stylesheets, raw and gzip,
// read from the production server's HTML — no browser needed. With --lighthouse it also runs
// Lighthouse (mobile, Debian's Chromium) `--runs` times per page and prints the medians.
// Figures go in notes (decision 092), never in tests.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { waitUntilHealthy } from "./bench-support.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    lighthouse: { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "3165" },
    // list every file, not only the totals
    files: { type: "boolean", default: false },
    // further pages to measure (not with --lighthouse)
    path: { type: "string", multiple: true, default: [] },
  },
});

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("Run `npm run build` first.");
  process.exit(1);
}

const base = `http://127.0.0.1:${args.port}`;
const dir = path.join(root, "data/bench-js");
fs.mkdirSync(dir, { recursive: true });
const env = {
  ...process.env,
  DATABASE_URL: path.join(dir, "vitrina.db"),
  PORT: args.port,
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  NODE_ENV: "production",
  SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-js-session-secret-of-32-characters",
  PUBLIC_URL: base,
};
const app: ChildProcess = spawn(process.execPath, ["server/main.ts"], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
process.on("exit", () => app.kill("SIGTERM"));
await waitUntilHealthy(base);

const text = async (url: string) => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.text();
};

// the catalogue's first product is the product page measured
const CATALOG = "/catalog/divany-i-kresla/";
const catalogHtml = await text(base + CATALOG);
const productPath = /href="(\/product\/[^"/]+\/)"/.exec(catalogHtml)?.[1];
if (!productPath) throw new Error("no product link on the catalogue page");
const pages = [
  { name: "home", path: "/" },
  { name: "catalogue", path: CATALOG },
  { name: "product", path: productPath },
];
const extraPages = args.path.map((p) => ({ name: p, path: p }));

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

interface Asset {
  url: string;
  raw: number;
  gzip: number;
}
const assetCache = new Map<string, { body: string; raw: number; gzip: number }>();
async function asset(url: string) {
  let a = assetCache.get(url);
  if (!a) {
    const body = await text(base + url);
    a = { body, raw: Buffer.byteLength(body), gzip: zlib.gzipSync(body).length };
    assetCache.set(url, a);
  }
  return a;
}

/** The static imports of a built module (`import{…}from"./x.js"`, `import"./x.js"`), not `import("…")`. */
function staticImports(code: string, from: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) out.push(new URL(m[1]!, base + from).pathname);
  return out;
}

async function measurePage(pagePath: string) {
  const html = await text(base + pagePath);
  const entry = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (attr(tag, "rel") === "modulepreload") entry.add(attr(tag, "href")!);
  }
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = attr(tag, "src");
    if (src && attr(tag, "type") === "module") entry.add(src);
  }
  // inline module scripts (React Router's hydration bootstrap) import the route modules
  for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of staticImports(m[1]!, pagePath)) entry.add(i);
  }
  const js = new Map<string, Asset>();
  const queue = [...entry];
  while (queue.length) {
    const url = queue.shift()!;
    if (js.has(url)) continue;
    const a = await asset(url);
    js.set(url, { url, raw: a.raw, gzip: a.gzip });
    queue.push(...staticImports(a.body, url));
  }
  const css: Asset[] = [];
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    // a disabled link is not fetched: its CSS is inlined in a <style> (app/lib/inline-stylesheets.ts)
    if (attr(tag, "rel") !== "stylesheet" || /\sdisabled\b/.test(tag)) continue;
    const a = await asset(attr(tag, "href")!);
    css.push({ url: attr(tag, "href")!, raw: a.raw, gzip: a.gzip });
  }
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join("");
  return {
    html: { raw: Buffer.byteLength(html), gzip: zlib.gzipSync(html).length },
    js: [...js.values()],
    css,
    inlineCss: { raw: Buffer.byteLength(inlineCss), gzip: zlib.gzipSync(inlineCss).length },
  };
}

const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
const sum = (list: Asset[], k: "raw" | "gzip") => list.reduce((s, a) => s + a[k], 0);

console.log(`JavaScript and CSS a first visit loads (KB; gzip is zlib level 6)\n`);
console.log(
  `${"page".padEnd(10)} ${"JS files".padStart(8)} ${"JS raw".padStart(7)} ${"JS gz".padStart(7)}  ${"CSS files".padStart(9)} ${"CSS raw".padStart(7)} ${"CSS gz".padStart(7)}  ${"inline CSS gz".padStart(13)}  ${"HTML gz".padStart(7)}`,
);
const measured = [];
for (const p of [...pages, ...extraPages]) {
  const m = await measurePage(p.path);
  measured.push({ ...p, ...m });
  console.log(
    `${p.name.padEnd(10)} ${String(m.js.length).padStart(8)} ${kb(sum(m.js, "raw"))} ${kb(sum(m.js, "gzip"))}  ${String(m.css.length).padStart(9)} ${kb(sum(m.css, "raw"))} ${kb(sum(m.css, "gzip"))}  ${kb(m.inlineCss.gzip).padStart(13)}  ${kb(m.html.gzip)}`,
  );
}
if (args.files) {
  for (const m of measured) {
    console.log(`\n${m.name} (${m.path})`);
    for (const a of [...m.js, ...m.css].sort((x, y) => y.gzip - x.gzip)) console.log(`  ${kb(a.gzip)} gz ${kb(a.raw)} raw  ${a.url}`);
  }
}

if (args.lighthouse) {
  const { default: lighthouse } = await import("lighthouse");
  const runs = Number(args.runs);
  console.log(`\nLighthouse (mobile, default throttling), median of ${runs} runs; load average now ${loadAverage().join(" ")}`);
  console.log(
    `${"page".padEnd(10)} ${"perf".padStart(5)} ${"a11y".padStart(5)} ${"FCP s".padStart(6)} ${"LCP s".padStart(6)} ${"TBT ms".padStart(7)} ${"CLS".padStart(6)}`,
  );
  for (const p of pages) {
    const results: { perf: number; a11y: number; fcp: number; lcp: number; tbt: number; cls: number }[] = [];
    for (let i = 0; i < runs; i++) {
      const chrome = await launchChromium();
      try {
        const result = await lighthouse(base + p.path, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
        });
        const lhr = result!.lhr;
        // the whole report, for a look at what holds the first paint back
        fs.writeFileSync(path.join(dir, `lighthouse-${p.name}-${i + 1}.json`), JSON.stringify(lhr));
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        results.push({
          perf: lhr.categories.performance?.score ?? NaN,
          a11y: lhr.categories.accessibility?.score ?? NaN,
          fcp: audit("first-contentful-paint") / 1000,
          lcp: audit("largest-contentful-paint") / 1000,
          tbt: audit("total-blocking-time"),
          cls: audit("cumulative-layout-shift"),
        });
      } finally {
        await chrome.kill();
      }
    }
    const median = (k: keyof (typeof results)[number]) => results.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
    console.log(
      `${p.name.padEnd(10)} ${median("perf").toFixed(2).padStart(5)} ${median("a11y").toFixed(2).padStart(5)} ${median("fcp").toFixed(2).padStart(6)} ${median("lcp").toFixed(2).padStart(6)} ${median("tbt").toFixed(0).padStart(7)} ${median("cls").toFixed(3).padStart(6)}`,
    );
  }
}

function loadAverage() {
  return os.loadavg().map((l) => l.toFixed(2));
}

/** A fresh headless Chromium with a profile of its own, for one Lighthouse run. */
async function launchChromium() {
  const port = Number(args.port) + 1000;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "bench-js-chromium-"));
  const proc = spawn(
    process.env.CHROME_PATH ?? "/usr/bin/chromium",
    ["--headless=new", "--no-sandbox", `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "--no-first-run", "about:blank"],
    { stdio: "ignore" },
  );
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      if (i > 150) throw new Error("Chromium did not start");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async kill() {
      const exited = new Promise((resolve) => proc.once("exit", resolve));
      proc.kill("SIGKILL");
      await exited;
      // its helper processes may still be closing files in the profile for a moment
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

app.kill("SIGTERM");
process.exit(0);
