// `npm run soak [-- --minutes 30 --rate 20 --sample 60]`
// Starts the production server (`npm run serve`, built beforehand) on a fresh demo shop on
// loopback and sends it a fixed rate of mixed traffic for a fixed time (decision 095): catalogue
// listings with filters (45 %), product pages (35 %), add-to-cart (15 %) and real orders through
// the checkout form (5 %: a product into a returning buyer's cart, then the form posted as a
// browser posts it).
// Prints the server's RSS every `--sample` seconds, then per kind the count, errors (anything
// but 2xx/3xx, or no answer), p50/p99, and RSS growth over the run in % (goal < 10 %), measured
// from the first sample after the first minute (the warm-up: index, caches, JIT) to the end.
// Figures go in notes, never in tests.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { CURRENT_CONSENT_VERSION } from "../app/lib/consent.ts";
import { startServe, waitUntilHealthy } from "./bench-support.ts";
import { rssMb } from "./bench-memory.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "5" },
    rate: { type: "string", default: "20" },
    sample: { type: "string", default: "60" },
  },
});
const minutes = Number(args.minutes);
const rate = Number(args.rate);
const sampleSeconds = Number(args.sample);
// bounded: a soak is a trial on this machine, not a load generator
if (!(minutes > 0 && minutes <= 240)) throw new Error("--minutes: more than 0, at most 240");
if (!(rate > 0 && rate <= 500)) throw new Error("--rate: requests per second, more than 0, at most 500");
if (!(sampleSeconds >= 1)) throw new Error("--sample: seconds, at least 1");
/** requests still waiting for an answer beyond this are not sent: the server is not keeping up */
const MAX_IN_FLIGHT = 256;

const PORT = 3204;
const base = `http://127.0.0.1:${PORT}`;
const dir = path.join(root, "data/soak");
const databaseFile = path.join(dir, "soak.db");
const metricsToken = crypto.randomBytes(24).toString("hex");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
// The server runs exactly as `npm run serve` starts it: its memory flags are the point of the soak.
const app = startServe(root, {
  ...process.env,
  DATABASE_URL: databaseFile,
  MEDIA_DIR: path.join(root, "data/media"),
  UPLOAD_DIR: path.join(dir, "uploads"),
  PORT: String(PORT),
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  METRICS_TOKEN: metricsToken,
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
// orders take stock: the products bought get plenty, so a long soak never runs them out
const direct = new SQLite(databaseFile);
direct.pragma("busy_timeout = 5000");
direct.prepare(`update product_variants set stock = 1000000 where product_id in (${ids.map(() => "?").join(",")})`).run(...ids);
const pickupPoint = (direct.prepare("select id from contact_points order by sort, id limit 1").get() as { id: number } | undefined)?.id;
direct.close();
if (!pickupPoint) throw new Error("the demo shop has no showroom to pick an order up from");

type Kind = "listing" | "product" | "cart" | "checkout";
const KINDS: Kind[] = ["listing", "product", "cart", "checkout"];
const latencies: Record<Kind, number[]> = { listing: [], product: [], cart: [], checkout: [] };
const errors: Record<Kind, number> = { listing: 0, product: 0, cart: 0, checkout: 0 };
const statuses = new Map<number | string, number>();
let skipped = 0;
let inFlight = 0;
let minuteLatencies: number[] = [];

/** one timed request; an answer other than 2xx/3xx, or none, is an error of its kind */
async function timed(kind: Kind, url: string, init: RequestInit = {}): Promise<Response | null> {
  const started = performance.now();
  try {
    const res = await fetch(url, { redirect: "manual", ...init, headers: { "accept-encoding": "gzip", ...init.headers } });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    latencies[kind].push(ms);
    minuteLatencies.push(ms);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 400) errors[kind]++;
    return res;
  } catch (err) {
    errors[kind]++;
    const code = (err as { cause?: { code?: string } }).cause?.code ?? "no answer";
    statuses.set(code, (statuses.get(code) ?? 0) + 1);
    return null;
  }
}

const addToCart = (cookie: string | null, id: number) =>
  timed("cart", `${base}/cart/product/`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ id, cnt: 1, type: "product" }),
  });

// Sessions made up front: visitors who fill carts, and buyers who order again and again. An
// address gets at most NEW_SESSION_LIMIT new sessions in 10 minutes (server/session.ts), and all the load comes
// from 127.0.0.1.
const sessions: string[] = [];
for (let i = 0; i < 30; i++) {
  const res = await addToCart(null, ids[i % ids.length]!);
  const cookie = (res?.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie) throw new Error(`no session: POST /cart/product/ answered ${res?.status ?? "nothing"}`);
  sessions.push(cookie);
}
const shoppers = sessions.slice(0, 10);
const buyers = sessions.slice(10);

/** A returning buyer: one product in the cart, then the checkout form posted (303 to the order page). */
async function order(n: number): Promise<void> {
  const cookie = buyers[n % buyers.length]!;
  await addToCart(cookie, ids[n % ids.length]!);
  const form = new URLSearchParams({
    name: "Покупатель Нагрузочный",
    phone: "+7 (916) 123-45-67",
    email: `soak${n}@example.ru`,
    delivery: "pickup",
    pickupPoint: String(pickupPoint),
    consent: "on",
    consentVersion: CURRENT_CONSENT_VERSION,
    idempotencyKey: crypto.randomBytes(18).toString("base64url"),
  });
  const res = await timed("checkout", `${base}/checkout/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie },
    body: form.toString(),
  });
  // only the redirect to the order page is an order: a refused form comes back as a page (422, 409),
  // or as a 303 to the cart when the cart was empty (an earlier order of this buyer, still in flight, took it)
  if (res && res.status < 400 && !(res.status === 303 && (res.headers.get("location") ?? "").includes("/order/"))) errors.checkout++;
}

/** Request `i` of the mix: 45 % listings, 35 % product pages, 15 % add-to-cart, 5 % orders. */
function send(i: number): Promise<unknown> {
  const slot = i % 20;
  if (slot < 9) return timed("listing", base + listings[i % listings.length]!);
  if (slot < 16) return timed("product", base + products[i % products.length]!);
  if (slot < 19) return addToCart(shoppers[i % shoppers.length]!, ids[i % ids.length]!);
  return order(i);
}

const quantile = (values: number[], q: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (v: number) => `${v.toFixed(0)} ms`;

const samples: { at: number; rss: number }[] = [];
const started = Date.now();
let sent = 0;
/** the server's own /metrics, to tell a step in RSS (an index rebuild, the page cache filling) from a leak */
const scrape = async () => {
  try {
    return await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  } catch {
    return "";
  }
};
const seriesValue = (text: string, series: string) =>
  Number(
    text
      .split("\n")
      .find((line) => line.startsWith(`${series} `))
      ?.slice(series.length + 1) ?? NaN,
  );
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const sample = async () => {
  const at = (Date.now() - started) / 1000;
  const rss = rssMb(app.pid);
  samples.push({ at, rss });
  const errorCount = KINDS.reduce((n, k) => n + errors[k], 0);
  const latency = `p50 ${ms(quantile(minuteLatencies, 0.5))}, p99 ${ms(quantile(minuteLatencies, 0.99))}`;
  minuteLatencies = [];
  const m = await scrape();
  console.log(
    `${at.toFixed(0).padStart(5)} s   RSS ${rss.toFixed(0).padStart(4)} MB   sent ${String(sent).padStart(7)}   errors ${errorCount}   ` +
      `last ${sampleSeconds} s: ${latency}   heap ${mb(seriesValue(m, "nodejs_heap_size_used_bytes"))}, ` +
      `page cache ${mb(seriesValue(m, "vitrina_page_cache_bytes"))}, index builds ${seriesValue(m, 'vitrina_catalog_index_update_seconds_count{kind="build"}')} ` +
      `patches ${seriesValue(m, 'vitrina_catalog_index_update_seconds_count{kind="patch"}')}`,
  );
};
console.log(`soak: ${minutes} min at ${rate} req/s, ${listings.length} listing and ${products.length} product addresses, loopback ${base}`);
await sample();
const timer = setInterval(() => void sample(), sampleSeconds * 1000);

// a fixed rate: request i leaves at started + i / rate, whatever the answers' times
const pending = new Set<Promise<unknown>>();
const end = started + minutes * 60_000;
for (let i = 0; ; i++) {
  const due = started + (i * 1000) / rate;
  if (due >= end) break;
  const wait = due - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  if (inFlight >= MAX_IN_FLIGHT) {
    skipped++;
    continue;
  }
  inFlight++;
  sent++;
  const p = send(i).finally(() => {
    inFlight--;
    pending.delete(p);
  });
  pending.add(p);
}
await Promise.all(pending);
clearInterval(timer);
await sample();

const metrics = await scrape();
const hits = seriesValue(metrics, 'vitrina_page_cache_requests_total{result="hit"}');
const misses = seriesValue(metrics, 'vitrina_page_cache_requests_total{result="miss"}');
const check = new SQLite(databaseFile, { readonly: true });
const orders = (check.prepare("select count(*) as n from orders").get() as { n: number }).n;
const lineless = (
  check.prepare("select count(*) as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)").get() as { n: number }
).n;
check.close();

console.log(`\n${"kind".padEnd(10)} ${"count".padStart(7)} ${"errors".padStart(7)} ${"p50".padStart(8)} ${"p99".padStart(8)}`);
for (const kind of KINDS) {
  const l = latencies[kind];
  console.log(
    `${kind.padEnd(10)} ${String(l.length).padStart(7)} ${String(errors[kind]).padStart(7)} ${ms(quantile(l, 0.5)).padStart(8)} ${ms(quantile(l, 0.99)).padStart(8)}`,
  );
}
const rss = samples.map((s) => s.rss);
const warm = samples.find((s) => s.at >= 60) ?? samples[0]!;
const last = samples.at(-1)!;
const growth = ((last.rss - warm.rss) / warm.rss) * 100;
console.log(
  `\nanswers: ${[...statuses].map(([status, n]) => `${status} × ${n}`).join(", ")}${skipped ? `; not sent (${MAX_IN_FLIGHT} waiting): ${skipped}` : ""}\n` +
    `orders in the database: ${orders} (without lines: ${lineless}); page cache hit ratio ${((hits / Math.max(1, hits + misses)) * 100).toFixed(1)} %\n` +
    `RSS: start ${rss[0]!.toFixed(0)} MB, after warm-up (${warm.at.toFixed(0)} s) ${warm.rss.toFixed(0)} MB, peak ${Math.max(...rss).toFixed(0)} MB, ` +
    `end ${last.rss.toFixed(0)} MB: growth ${growth >= 0 ? "+" : ""}${growth.toFixed(1)} % over the run (goal < 10 %)`,
);
app.kill("SIGTERM");
process.exit(0);
