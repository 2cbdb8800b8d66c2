// `npm run bench:exchange [-- --products 100000]`: the 1C catalogue exchange against a real
// production server process (server/main.ts) on a fresh SQLite database under data/bench-exchange/.
// Generates import.xml and offers.xml (scripts/exchange-bench-data.ts), then drives the HTTP
// dialogue 1C speaks — checkauth, init, file in file_limit parts, import repeated while it answers
// `progress` — and prints the total time, the number of steps, the slowest step and the server's
// peak RSS (VmHWM from /proc/<pid>/status). Figures go into decision 088.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";
import { addStaff, CLI_ACTOR } from "../app/features/staff/index.server.ts";
import { writeExchangeBenchFiles } from "./exchange-bench-data.ts";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, "data/bench-exchange");
const { values: args } = parseArgs({ options: { products: { type: "string", default: "100000" } } });
const products = Number(args.products);
const EMAIL = "bench-1c@vitrina.test";
const PASSWORD = "обмен с 1С на стенде";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kbOf = (status: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);

fs.rmSync(dir, { recursive: true, force: true });
let t = performance.now();
const files = await writeExchangeBenchFiles(dir, products);
console.log(
  `generated ${products} products: import.xml ${mb(files.importBytes)}, offers.xml ${mb(files.offersBytes)} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);

const databaseUrl = path.join(dir, "vitrina.db");
const setup = openDatabase(databaseUrl);
await migrateToLatest(setup);
await addStaff(setup, CLI_ACTOR, { email: EMAIL, role: "owner", password: PASSWORD });
await setup.close();

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, "server/main.ts")], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    SESSION_SECRET: "bench-exchange-secret-0123456789abcdef",
    MEDIA_DIR: path.join(dir, "media"),
    UPLOAD_DIR: path.join(dir, "uploads"),
    LOG_LEVEL: "warn",
    SEED_DEMO: "0",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const status = () => fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
let peakRss = 0;
/** what the last answer said the import was doing: reading, applying, or finishing (indexes) */
let phase = "start";
const phasePeaks = new Map<string, number>();
const sampler = setInterval(() => {
  try {
    const rss = kbOf(status(), "VmRSS");
    peakRss = Math.max(peakRss, rss);
    phasePeaks.set(phase, Math.max(phasePeaks.get(phase) ?? 0, rss));
  } catch {
    // the process has just exited: the last sample stands
  }
}, 100);

try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break;
    if (i > 600 || server.exitCode !== null) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const idleRss = kbOf(status(), "VmRSS");
  const authorization = `Basic ${Buffer.from(`${EMAIL}:${PASSWORD}`).toString("base64")}`;
  const call = async (query: string, cookie?: string, body?: Uint8Array) => {
    const res = await fetch(`${base}/exchange/1c/?${query}`, {
      method: body ? "POST" : "GET",
      body: body as BodyInit | undefined,
      headers: { authorization, ...(cookie ? { cookie } : {}) },
    });
    return (await res.text()).split("\n");
  };
  const started = performance.now();
  const [ok, name, value] = await call("type=catalog&mode=checkauth");
  if (ok !== "success") throw new Error(`checkauth: ${ok} ${name}`);
  const cookie = `${name}=${value}`;
  const limit = Number((await call("type=catalog&mode=init", cookie))[1]!.split("=")[1]);

  t = performance.now();
  let parts = 0;
  for (const file of [files.importPath, files.offersPath]) {
    const fd = fs.openSync(file, "r");
    const buffer = Buffer.alloc(limit);
    for (let read; (read = fs.readSync(fd, buffer, 0, limit, null)) > 0; parts++) {
      const answer = await call(`type=catalog&mode=file&filename=${path.basename(file)}`, cookie, buffer.subarray(0, read));
      if (answer[0] !== "success") throw new Error(`file: ${answer.join(" ")}`);
    }
    fs.closeSync(fd);
  }
  console.log(`sent in ${parts} parts of at most ${mb(limit)} in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  for (const file of ["import.xml", "offers.xml"]) {
    t = performance.now();
    const steps: number[] = [];
    let answer: string[];
    do {
      const s = performance.now();
      answer = await call(`type=catalog&mode=import&filename=${file}`, cookie);
      steps.push(performance.now() - s);
      phase = `${file} ${/^Проверено/.test(answer[1] ?? "") ? "read" : /применено записей/.test(answer[1] ?? "") ? "apply" : "finish"}`;
    } while (answer[0] === "progress");
    if (answer[0] !== "success") throw new Error(`${file}: ${answer.join(" ")}`);
    const slowest = Math.max(...steps);
    console.log(
      `${file}: ${((performance.now() - t) / 1000).toFixed(1)} s in ${steps.length} steps, slowest step ${(slowest / 1000).toFixed(2)} s (step ${steps.indexOf(slowest) + 1}) — ${answer[1]}`,
    );
  }
  console.log(`whole exchange: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const page = await fetch(`${base}/catalog/`);
  console.log(`storefront after the import: /catalog/ answers ${page.status}`);
  for (const [name, kb] of phasePeaks) console.log(`  peak RSS while ${name}: ${(kb / 1024).toFixed(0)} MB`);
  console.log(
    `server RSS: idle ${(idleRss / 1024).toFixed(0)} MB, peak sampled ${(peakRss / 1024).toFixed(0)} MB, VmHWM ${(kbOf(status(), "VmHWM") / 1024).toFixed(0)} MB`,
  );
} finally {
  clearInterval(sampler);
  server.kill("SIGTERM");
}
