// `npm run bench [-- --path /delivery/ --duration 10 --connections 10 --products 320]`
// Starts the production server on a seeded catalogue and, for each page, a bare Node http
// server that sends the same page bytes from memory; measures both with autocannon and
// prints requests/s, p50/p99 latency, the ratio and the app's RSS. Without --path: the filtered
// catalogue and a product page, each with no cookie and with a cart session (decision 091). The
// server starts as `npm run serve` does (its heap cap included); at the end the RSS idle and under
// load and the heap its catalogue index takes (decision 093). Figures go in notes, never in tests.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startServe } from "./bench-support.ts";
import { measureIndex, rssMb, sampleRss } from "./bench-memory.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    path: { type: "string", default: "" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    products: { type: "string", default: "" },
    /** the app's port (the bare server takes any free one) */
    port: { type: "string", default: "3201" },
    /** write the app's CPU profile (node --cpu-prof) into data/bench/profiles */
    "cpu-prof": { type: "boolean", default: false },
  },
});

const APP_PORT = Number(args.port);
const dir = path.join(root, "data/bench");
const dbFile = path.join(dir, args.products ? `vitrina-${args.products}.db` : "vitrina.db");
fs.mkdirSync(dir, { recursive: true });
const env = { ...process.env, DATABASE_URL: dbFile, PORT: String(APP_PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn" };

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("Run `npm run build` first.");
  process.exit(1);
}
if (args.products && !fs.existsSync(dbFile)) {
  console.log(`Seeding ${args.products} products into ${path.relative(root, dbFile)}…`);
  const started = Date.now();
  const seed = spawn(process.execPath, ["scripts/seed.ts", "--products", args.products], { cwd: root, env, stdio: "inherit" });
  await new Promise((resolve) => seed.on("exit", resolve));
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

// a CPU profile needs node's own flags; otherwise exactly `npm run serve`
const app: ChildProcess = args["cpu-prof"]
  ? spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir", path.join(dir, "profiles"), "server/main.ts"], {
      cwd: root,
      env,
      stdio: ["ignore", "inherit", "inherit"],
    })
  : startServe(root, env);
const stopApp = () => app.kill("SIGTERM");
process.on("exit", stopApp);

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}
await waitFor(`http://127.0.0.1:${APP_PORT}/healthz`);

// Without --path: the filtered catalogue page and a product page, each for a new visitor (no
// cookie: the page cache answers) and for one whose session holds a cart (rendered every time).
const origin = `http://127.0.0.1:${APP_PORT}`;
const section = "/catalog/divany-i-kresla/";
const listing = await (await fetch(origin + section)).text();
const brand = /name="brand" value="([^"]+)"/.exec(listing)?.[1];
const productPath = /href="(\/product\/[^"/]+\/)"/.exec(listing)?.[1];
const productId = /action="\/cart\/product\/" method="post"><input type="hidden" name="id" value="(\d+)"/.exec(listing)?.[1];
if (!brand || !productPath || !productId) throw new Error(`${section} shows no brand filter or product to measure`);
const catalogPath = `${section}?brand=${encodeURIComponent(brand)}`;
// idle: the catalogue index is built (the listing above waited for it) and nothing else runs
await new Promise((r) => setTimeout(r, 2000));
const idleRss = rssMb(app.pid);
const loadPeaks: number[] = [];

const added = await fetch(`${origin}/cart/product/`, {
  method: "POST",
  headers: { "content-type": "application/json", accept: "application/json", "sec-fetch-site": "same-origin" },
  body: JSON.stringify({ id: productId, cnt: 1, type: "product" }),
});
const cartCookie = added.headers
  .getSetCookie()
  .find((c) => c.startsWith("vitrina_sid="))
  ?.split(";")[0];
if (!added.ok || !cartCookie) throw new Error(`could not put product ${productId} into a cart (${added.status})`);

const pages: { name: string; path: string; cookie?: string }[] = args.path
  ? [
      { name: `${args.path}, no cookie`, path: args.path },
      { name: `${args.path}, cart session`, path: args.path, cookie: cartCookie },
    ]
  : [
      { name: "catalogue, no cookie", path: catalogPath },
      { name: "catalogue, cart session", path: catalogPath, cookie: cartCookie },
      { name: "product, no cookie", path: productPath },
      { name: "product, cart session", path: productPath, cookie: cartCookie },
    ];

async function measure(port: number, path: string, cookie?: string) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: Number(args.connections),
    duration: Number(args.duration),
    headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) },
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const line = (name: string, r: Awaited<ReturnType<typeof measure>>) =>
  `  ${name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`;

console.log(
  `${args.connections} connections, ${args.duration} s each; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
for (const page of pages) {
  const headers = { "accept-encoding": "identity", ...(page.cookie ? { cookie: page.cookie } : {}) };
  const body = Buffer.from(await (await fetch(origin + page.path, { headers })).arrayBuffer());
  // the bare server: the same bytes from memory, nothing else
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
  const bareResult = await measure((bare.address() as AddressInfo).port, page.path);
  await new Promise((r) => bare.close(r));
  const stopSampling = sampleRss(app.pid);
  const appResult = await measure(APP_PORT, page.path, page.cookie);
  loadPeaks.push(stopSampling().peak);
  console.log(`${page.name}: ${page.path} (${body.length} bytes)`);
  console.log(line("bare node http (same bytes)", bareResult));
  console.log(line("vitrina", appResult));
  console.log(`  ratio vitrina/bare ${(appResult.rps / bareResult.rps).toFixed(3)}   app RSS ${rssMb(app.pid).toFixed(0)} MB`);
}

console.log(`server RSS: idle ${idleRss.toFixed(0)} MB, under load peak ${Math.max(...loadPeaks).toFixed(0)} MB, now ${rssMb(app.pid).toFixed(0)} MB`);
console.log(await measureIndex(dbFile));

// the profile is written as the app exits
await new Promise((resolve) => {
  app.on("exit", resolve);
  stopApp();
});
process.exit(0);
