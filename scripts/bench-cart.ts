// `npm run bench:cart [-- --connections 20 --duration 10]`
// Starts the production server on the demo shop and measures, with one session per
// connection: add-to-cart (POST /cart/product/ JSON) and the cart page (GET /cart/). Prints
// requests/s and p50/p99. Figures go in notes, never in tests.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { cartSessions, waitUntilHealthy } from "./bench-support.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({ options: { connections: { type: "string", default: "20" }, duration: { type: "string", default: "10" } } });
const PORT = 3203;
const base = `http://127.0.0.1:${PORT}`;
fs.mkdirSync(path.join(root, "data/bench"), { recursive: true });
const app = spawn(process.execPath, ["server/main.ts"], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: path.join(root, "data/bench/cart.db"), PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});
process.on("exit", () => app.kill("SIGTERM"));
await waitUntilHealthy(base);

// products with plenty of stock, so the cart keeps accepting
const page = await (await fetch(`${base}/catalog/divany-i-kresla/?num=48`)).text();
const ids = [...page.matchAll(/name="id" value="(\d+)"/g)].map((m) => Number(m[1])).slice(0, 20);
const connections = Number(args.connections);

// one session per connection: the first add creates it and sets its cookie
const cookies = await cartSessions(base, ids, connections);

async function run(title: string, opts: autocannon.Options) {
  let n = 0;
  const result = await autocannon({
    ...opts,
    connections,
    duration: Number(args.duration),
    setupClient: (client) => client.setHeaders({ ...(opts.headers ?? {}), cookie: cookies[n++ % cookies.length]! }),
  });
  console.log(
    `${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}   errors ${result.errors}`,
  );
}

console.log(`${connections} sessions in parallel, ${args.duration} s each`);
await run("add to cart (POST /cart/product/)", {
  url: `${base}/cart/product/`,
  method: "POST",
  headers: { "content-type": "application/json", origin: base },
  body: JSON.stringify({ id: ids[1], cnt: 1, type: "product" }),
});
await run("cart page (GET /cart/)", { url: `${base}/cart/`, headers: { "accept-encoding": "identity" } });
app.kill("SIGTERM");
process.exit(0);
