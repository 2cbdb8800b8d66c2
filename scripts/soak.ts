// `npm run soak [-- --minutes 5 --connections 10 --sample 10]`
// Starts the production server (`npm run serve`, built beforehand) on a fresh demo shop and keeps it busy the way the outside probe
// did (issue 10): catalogue listings with filters, product pages and add-to-cart, one session per
// connection. Samples the server's RSS and heap every few seconds and prints them, then the
// start, peak and end figures and the growth over the second half (a flat line is the goal).
// Figures go in notes, never in tests.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { cartSessions, startServe, waitUntilHealthy } from "./bench-support.ts";
import { rssMb } from "./bench-memory.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    sample: { type: "string", default: "10" },
  },
});
const minutes = Number(args.minutes);
const connections = Number(args.connections);
const sampleSeconds = Number(args.sample);
if (!(minutes > 0 && connections > 0 && sampleSeconds > 0)) throw new Error("--minutes, --connections and --sample take positive numbers");

const PORT = 3204;
const base = `http://127.0.0.1:${PORT}`;
const dir = path.join(root, "data/soak");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
// The server runs exactly as `npm run serve` starts it: its memory flags are the point of the soak.
const app = startServe(root, {
  ...process.env,
  DATABASE_URL: path.join(dir, "soak.db"),
  MEDIA_DIR: path.join(root, "data/media"),
  PORT: String(PORT),
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
});
process.on("exit", () => app.kill("SIGTERM"));
await waitUntilHealthy(base);

// What the load walks through: every section's listing, a few filtered and sorted variants, and
// product pages, all taken from the shop's own pages and sitemap.
const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
const locs = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
const products = locs.filter((p) => p.startsWith("/product/")).slice(0, 200);
const sections = locs.filter((p) => p.startsWith("/catalog/") && p !== "/catalog/");
const listings = sections.flatMap((p) => [p, `${p}?direction=price_asc`, `${p}?num=48&view=list`, `${p}?page=2`]);
const listingHtml = await (await fetch(`${base}/catalog/divany-i-kresla/?num=48`)).text();
const ids = [...listingHtml.matchAll(/name="id" value="(\d+)"/g)].map((m) => Number(m[1])).slice(0, 20);
if (!products.length || !listings.length || !ids.length) throw new Error("the demo shop has no products to walk through");

// one session per connection: the first add creates it and sets its cookie
const cookies = await cartSessions(base, ids, connections);

let step = 0;
/** One request of the mix: 45 % listings, 40 % product pages, 15 % add to cart. */
function next(): autocannon.Request {
  const i = step++;
  const kind = i % 20;
  if (kind < 9) return { method: "GET", path: listings[i % listings.length]! };
  if (kind < 17) return { method: "GET", path: products[i % products.length]! };
  return {
    method: "POST",
    path: "/cart/product/",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ id: ids[i % ids.length], cnt: 1, type: "product" }),
  };
}

const samples: { at: number; rss: number }[] = [];
const started = Date.now();
const sample = () => {
  const at = (Date.now() - started) / 1000;
  const rss = rssMb(app.pid);
  samples.push({ at, rss });
  console.log(`${at.toFixed(0).padStart(5)} s   RSS ${rss.toFixed(0).padStart(4)} MB`);
};
console.log(`soak: ${minutes} min, ${connections} connections, ${listings.length} listing and ${products.length} product addresses`);
sample();
const timer = setInterval(sample, sampleSeconds * 1000);
let n = 0;
const result = await autocannon({
  url: base,
  connections,
  duration: minutes * 60,
  requests: [
    {
      setupRequest: (req) => {
        const r = next();
        return { ...req, ...r, headers: { ...req.headers, ...r.headers } };
      },
    },
  ],
  setupClient: (client) => client.setHeaders({ cookie: cookies[n++ % cookies.length]!, "accept-encoding": "gzip" }),
});
clearInterval(timer);
sample();

const rss = samples.map((s) => s.rss);
const half = samples.filter((s) => s.at >= (minutes * 60) / 2);
const growth = half.length > 1 ? half.at(-1)!.rss - half[0]!.rss : 0;
console.log(
  `\n${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
    `non-2xx ${result.non2xx}, errors ${result.errors}\n` +
    `RSS: start ${rss[0]!.toFixed(0)} MB, peak ${Math.max(...rss).toFixed(0)} MB, end ${rss.at(-1)!.toFixed(0)} MB, ` +
    `second half ${growth >= 0 ? "+" : ""}${growth.toFixed(0)} MB`,
);
app.kill("SIGTERM");
process.exit(0);
