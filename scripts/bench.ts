// `npm run bench [-- --path /delivery/ --duration 10 --connections 10 --products 320]`
// Starts the production server (as `npm run serve` does) on a seeded catalogue and, in the same
// run, a bare Node http server that sends the same page bytes from memory; measures both with
// autocannon and prints requests/s, p50/p99 latency and the ratio, then the server's RSS idle
// and under load and the heap its catalogue index takes. Figures go in notes, never in tests.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startServe } from "./bench-support.ts";
import { measureIndex, rssMb, sampleRss } from "./bench-memory.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    path: { type: "string", default: "/" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    products: { type: "string", default: "" },
  },
});

const APP_PORT = 3201;
const BARE_PORT = 3202;
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

const app: ChildProcess = startServe(root, env);
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

const sample = await fetch(`http://127.0.0.1:${APP_PORT}${args.path}`, { headers: { "accept-encoding": "identity" } });
const body = Buffer.from(await sample.arrayBuffer());
// idle: the catalogue index is built (the sample page waited for it) and nothing else runs
await new Promise((r) => setTimeout(r, 2000));
const idleRss = rssMb(app.pid);
const bare = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
  res.end(body);
});
await new Promise<void>((r) => bare.listen(BARE_PORT, "127.0.0.1", r));

async function measure(name: string, port: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${args.path}`,
    connections: Number(args.connections),
    duration: Number(args.duration),
    headers: { "accept-encoding": "identity" },
  });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

console.log(`Page ${args.path}: ${body.length} bytes; ${args.connections} connections, ${args.duration} s each`);
const bareResult = await measure("bare node http (same bytes)", BARE_PORT);
const stopSampling = sampleRss(app.pid);
const appResult = await measure("vitrina (SSR + db)", APP_PORT);
const loadRss = stopSampling();
for (const r of [bareResult, appResult]) {
  console.log(
    `${r.name.padEnd(30)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`,
  );
}
console.log(`ratio vitrina/bare: ${(appResult.rps / bareResult.rps).toFixed(3)} of the requests/s`);
console.log(`server RSS: idle ${idleRss.toFixed(0)} MB, under load peak ${loadRss.peak.toFixed(0)} MB, after ${loadRss.last.toFixed(0)} MB`);
console.log(await measureIndex(dbFile));

bare.close();
stopApp();
process.exit(0);
