// `npm run bench:yml [-- --products 100000]` (run `npm run build` first)
// Seeds a catalogue of that many products into its own SQLite file (once; image files are not
// rendered, the feed only names them), starts the production server on it with the heap limits of
// `npm run serve`, and measures the Yandex Market feed (decision 090): the first /yml.xml after
// start (the streamed build into files, then the answer), its peak RSS over the server's resident
// memory before it, a second fetch (from the file), the gzip copy and a 304. Figures go in notes,
// never in tests.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { waitUntilHealthy } from "./bench-support.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({ options: { products: { type: "string", default: "100000" } } });
const products = Number(args.products);
if (!Number.isInteger(products) || products <= 0) {
  console.error(`--products must be a positive whole number, got "${args.products}"`);
  process.exit(2);
}
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("Run `npm run build` first.");
  process.exit(1);
}

const PORT = 3163;
const dir = path.join(root, "data/bench");
const dbFile = path.join(dir, `vitrina-yml-${products}.db`);
const uploadDir = path.join(dir, `uploads-yml-${products}`);
fs.mkdirSync(dir, { recursive: true });
// every run builds afresh: no files of an earlier run to serve
fs.rmSync(uploadDir, { recursive: true, force: true });
const env = { ...process.env, DATABASE_URL: dbFile, UPLOAD_DIR: uploadDir, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn", MALLOC_ARENA_MAX: "2" };

if (!fs.existsSync(dbFile)) {
  console.log(`Seeding ${products} products into ${path.relative(root, dbFile)}…`);
  const seed = spawn(process.execPath, ["scripts/seed.ts", "--products", String(products), "--no-images"], { cwd: root, env, stdio: "inherit" });
  const code = await new Promise((resolve) => seed.on("exit", resolve));
  if (code !== 0) process.exit(1);
}

// the flags of `npm run serve`: the feed must fit the production heap
const server = spawn(process.execPath, ["--max-semi-space-size=4", "--max-old-space-size=192", "server/main.ts"], {
  cwd: root,
  env,
  stdio: ["ignore", "inherit", "inherit"],
});
process.on("exit", () => server.kill("SIGTERM"));
const base = `http://127.0.0.1:${PORT}`;
await waitUntilHealthy(base, 600_000);

/** the server's resident memory now and its peak (Linux /proc), in MB */
function memory(): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}
/** starts the peak over from the current resident memory (clear_refs 5) */
const resetPeak = () => fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5");

async function fetchBytes(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: number; ms: number; etag: string | null }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { "accept-encoding": "identity", ...headers } });
  let bytes = 0;
  // counted, not kept: the bench itself must not hold the feed
  if (res.body) for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  return { status: res.status, bytes, ms: performance.now() - started, etag: res.headers.get("etag") };
}

const mb = (n: number) => `${n.toFixed(1)} MB`;
const before = memory();
resetPeak();
const first = await fetchBytes(`${base}/yml.xml`);
const during = memory();
const second = await fetchBytes(`${base}/yml.xml`);
const gz = await fetchBytes(`${base}/yml.xml.gz`);
const notModified = await fetchBytes(`${base}/yml.xml`, { "if-none-match": first.etag ?? "" });

console.log(`Catalogue: ${products} products; feed ${mb(first.bytes / 1048576)}, gzip ${mb(gz.bytes / 1048576)}`);
console.log(`server RSS before the feed: ${mb(before.rss)}`);
console.log(
  `first /yml.xml (build + answer): ${(first.ms / 1000).toFixed(1)} s, status ${first.status}; peak RSS meanwhile ${mb(during.peak)} (+${mb(during.peak - before.rss)})`,
);
console.log(
  `second /yml.xml (from the file): ${(second.ms / 1000).toFixed(2)} s; /yml.xml.gz ${(gz.ms / 1000).toFixed(2)} s; If-None-Match → ${notModified.status}`,
);
console.log(`server RSS after: ${mb(memory().rss)}`);
server.kill("SIGTERM");
process.exit(first.status === 200 && second.status === 200 && gz.status === 200 && notModified.status === 304 ? 0 : 1);
