// `npm run cluster -- --instances 2 [--port 8080] [--schema NAME]`: several instances of the shop
// as one, on loopback, the way production runs them (decision 096): PostgreSQL (DATABASE_URL),
// Redis (REDIS_URL), the production build, migrations run once, N × `node server/main.ts` with the
// flags of `npm run serve` on ports port+1 … port+N, and nginx on `port` with deploy/nginx.conf.
// Ctrl-C (or SIGTERM) stops everything. The proof suite (tests/integration/platform/cluster.test.ts) drives
// the same code through startCluster().
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { ensurePgSchema, openDatabase } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";
import { isEmpty, seedDemo } from "../app/db/seed/seed.server.ts";
import { ensureSearchIndex } from "../app/features/catalog/index.server.ts";
import { renderSite, renderTrialMain } from "./nginx-config.ts";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "build/client");
const serverBuild = path.join(root, "build/server/index.js");
const SITE_TEMPLATE = path.join(root, "deploy/nginx.conf");
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so";
const MIME_TYPES = "/etc/nginx/mime.types";
const NGINX_CANDIDATES = ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"];
export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";
/** how long an instance may take from spawn to a healthy /healthz (migrations are done before) */
const START_TIMEOUT_MS = 60_000;
/** how long a SIGTERM'd instance may drain before SIGKILL (server/main.ts forces after 10 s) */
const STOP_TIMEOUT_MS = 12_000;
const LOG_LINES_KEPT = 200;

export interface ClusterOptions {
  /** how many instances; 2 by default */
  instances?: number;
  /** nginx's port; the instances take the next ones. 0: any free block of loopback ports */
  port?: number;
  /** PostgreSQL only: several processes cannot share a SQLite file as one shop */
  databaseUrl?: string;
  databaseSchema?: string;
  redisUrl?: string;
  /** signs the session cookie of every instance (the same everywhere, or sessions break between them) */
  sessionSecret: string;
  /** shared by every instance: nginx serves /media/ from it */
  mediaDir?: string;
  uploadDir?: string;
  /** seed the demo shop when the database is empty (once, before the instances start) */
  seed?: boolean;
  /** extra environment for every instance (LOG_LEVEL, REDIS_PREFIX, MAIL_OUTBOX_DIR …) */
  env?: Record<string, string>;
  /** `run`: build when build/ is missing (the command line); `require`: fail instead (tests) */
  build?: "run" | "require";
  /** each line the instances and nginx print, with its source (`1`, `2` … or `nginx`) */
  onLog?: (source: string, line: string) => void;
}

export interface ClusterInstance {
  /** 1, 2 … */
  readonly index: number;
  readonly port: number;
  /** http://127.0.0.1:<port>, the instance itself, past nginx */
  readonly url: string;
  readonly pid: number | undefined;
  /** sends `signal` (SIGKILL by default) and waits until the process is gone */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** starts it again on the same port (stopping it first if it runs) and waits until it is healthy */
  restart(): Promise<void>;
  /** the last lines it printed */
  log(): string;
}

export interface Cluster {
  /** nginx: http://127.0.0.1:<port> (the instances' PUBLIC_URL) */
  readonly url: string;
  readonly instances: readonly ClusterInstance[];
  /** nginx's access log (upstream addresses and statuses per request) */
  readonly accessLog: string;
  /** whether nginx compresses with brotli (Debian's module is installed) */
  readonly brotli: boolean;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The nginx binary, or null. */
export function findNginx(): string | null {
  const onPath = (process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, "nginx"));
  return [...NGINX_CANDIDATES, ...onPath].find((file) => isExecutable(file)) ?? null;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function postgresVersionDir(): string {
  try {
    return fs.readdirSync("/etc/postgresql")[0] ?? "<версия>";
  } catch {
    return "<версия>";
  }
}

async function checkPostgres(url: string): Promise<string | null> {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    return (
      `Кластеру нужен PostgreSQL: задайте DATABASE_URL=postgres://… (сейчас «${url}»). Несколько процессов не могут работать как один магазин на файле SQLite.\n` +
      `The cluster needs PostgreSQL: set DATABASE_URL=postgres://… (now "${url}"). Several processes cannot share one SQLite file as one shop.`
    );
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (err) {
    const e = err as Error & { code?: string };
    const where = new URL(url);
    if (e.code === "3D000") {
      const name = where.pathname.slice(1);
      return `В PostgreSQL нет базы «${name}»: создайте её (sudo -u postgres createdb ${name}).\nPostgreSQL has no database "${name}": create it (sudo -u postgres createdb ${name}).`;
    }
    const start = `pg_ctlcluster ${postgresVersionDir()} main start`;
    return (
      `PostgreSQL не отвечает на ${where.host} (${e.message}). Установите и запустите его: apt-get install -y postgresql && ${start} (или systemctl start postgresql).\n` +
      `PostgreSQL is not answering at ${where.host} (${e.message}). Install and start it: apt-get install -y postgresql && ${start} (or systemctl start postgresql).`
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A PING over a plain socket: any Redis answer (PONG, or a demand for a password) means it is there. */
async function checkRedis(url: string): Promise<string | null> {
  const parsed = new URL(url);
  const install =
    `Установите и запустите Redis: apt-get install -y redis-server && systemctl start redis-server (без systemd: redis-server --daemonize yes).\n` +
    `Install and start Redis: apt-get install -y redis-server && systemctl start redis-server (without systemd: redis-server --daemonize yes).`;
  if (parsed.protocol !== "redis:") return null; // rediss:// (TLS): the instances will say if it is not there
  const host = parsed.hostname || "127.0.0.1";
  const port = Number(parsed.port || 6379);
  const answer = await new Promise<string>((resolve) => {
    const socket = net.connect({ host, port });
    const done = (text: string) => {
      socket.destroy();
      resolve(text);
    };
    socket.setTimeout(2000, () => done("timeout"));
    socket.once("error", (err) => done(err.message));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString("latin1")));
  });
  if (answer.startsWith("+PONG") || answer.startsWith("-NOAUTH")) return null;
  return `Redis не отвечает на ${host}:${port} (${answer.trim()}).\nRedis is not answering at ${host}:${port} (${answer.trim()}).\n${install}`;
}

/** What is missing, each in Russian and English with the Debian package and the start command; empty when all is there. */
export async function missingPrerequisites(databaseUrl: string, redisUrl: string): Promise<string[]> {
  const problems = await Promise.all([checkPostgres(databaseUrl), checkRedis(redisUrl)]);
  if (!findNginx()) {
    problems.push(
      "nginx не установлен. Установите: apt-get install -y nginx (brotli: apt-get install -y libnginx-mod-http-brotli-filter).\n" +
        "nginx is not installed. Install it: apt-get install -y nginx (brotli: apt-get install -y libnginx-mod-http-brotli-filter).",
    );
  }
  return problems.filter((p): p is string => p !== null);
}

function ensureBuild(mode: "run" | "require") {
  const built = () => fs.existsSync(serverBuild) && fs.existsSync(path.join(clientDir, "assets"));
  if (built()) return;
  if (mode === "require") {
    throw new Error("Нет сборки: сначала выполните `npm run build`.\nThe production build is missing: run `npm run build` first.");
  }
  console.log("Нет сборки: собираю (npm run build)… / No build yet: running npm run build…");
  const res = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (res.status !== 0 || !built()) throw new Error("`npm run build` failed");
}

/**
 * Migrations and the demo seed, once, before any instance starts. The migrator holds a
 * PostgreSQL advisory lock (app/db/migrate.server.ts), so instances starting together would take
 * turns anyway; the demo seed has no such lock, so two instances on an empty database would both
 * seed it. Doing both here first leaves the instances nothing to do but check.
 */
async function prepareDatabase(url: string, schema: string | undefined, mediaDir: string, seed: boolean): Promise<string[]> {
  if (schema) await ensurePgSchema(url, schema);
  const db = openDatabase(url, { schema });
  try {
    const applied = await migrateToLatest(db);
    if (seed && (await isEmpty(db))) await seedDemo(db, { mediaDir });
    await ensureSearchIndex(db);
    return applied;
  } finally {
    await db.close();
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** `count` consecutive free loopback ports from `first`, or (first = 0) from a random base. */
async function consecutivePorts(first: number, count: number): Promise<number[]> {
  const block = (base: number) => Array.from({ length: count }, (_, i) => base + i);
  const allFree = async (ports: number[]) => (await Promise.all(ports.map(portIsFree))).every(Boolean);
  if (first) {
    const ports = block(first);
    const taken = [];
    for (const port of ports) if (!(await portIsFree(port))) taken.push(port);
    if (taken.length)
      throw new Error(`Порт занят: ${taken.join(", ")} — выберите другой (--port).\nPort in use: ${taken.join(", ")} — choose another (--port).`);
    return ports;
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const ports = block(20_000 + Math.floor(Math.random() * 40_000));
    if (await allFree(ports)) return ports;
  }
  throw new Error("no block of free loopback ports found");
}

/** passwd/group name of an id, or the number itself (nginx takes both). */
function nameOf(file: string, id: number): string {
  try {
    const line = fs
      .readFileSync(file, "utf8")
      .split("\n")
      .find((l) => l.split(":")[2] === String(id));
    return line?.split(":")[0] ?? String(id);
  } catch {
    return String(id);
  }
}

interface Waitable {
  child: ChildProcess;
  exited: Promise<void>;
}

function launch(command: string, args: string[], env: NodeJS.ProcessEnv, onLine: (line: string) => void): Waitable {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    });
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, exited };
}

const alive = (w: Waitable | null) => w !== null && w.child.exitCode === null && w.child.signalCode === null;

async function stopProcess(w: Waitable | null, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (!w || !alive(w)) return;
  w.child.kill(signal);
  const timer = setTimeout(() => w.child.kill("SIGKILL"), graceMs);
  await w.exited;
  clearTimeout(timer);
}

/** Polls `url` until it answers 200; fails when `dead()` says the process is gone or time is up. */
async function waitHealthy(url: string, dead: () => boolean, what: string, log: () => string, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (dead()) throw new Error(`${what} exited while starting:\n${log()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(100);
  }
  throw new Error(`${what} did not become healthy within ${timeoutMs / 1000} s (${last}):\n${log()}`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.instances ?? 2;
  if (!Number.isInteger(count) || count < 1 || count > 32) throw new Error("--instances: целое число от 1 до 32 / a whole number from 1 to 32");
  const databaseUrl = options.databaseUrl ?? DEFAULT_DATABASE_URL;
  const redisUrl = options.redisUrl ?? DEFAULT_REDIS_URL;
  const problems = await missingPrerequisites(databaseUrl, redisUrl);
  if (problems.length) throw new Error(`Не хватает / Missing:\n\n${problems.join("\n\n")}`);
  const nginx = findNginx()!;
  ensureBuild(options.build ?? "require");

  const mediaDir = path.resolve(options.mediaDir ?? path.join(root, "data/media"));
  const uploadDir = path.resolve(options.uploadDir ?? path.join(root, "data/uploads"));
  fs.mkdirSync(mediaDir, { recursive: true });
  fs.mkdirSync(uploadDir, { recursive: true });
  await prepareDatabase(databaseUrl, options.databaseSchema, mediaDir, options.seed ?? true);

  const [nginxPort, ...instancePorts] = await consecutivePorts(options.port ?? 8080, count + 1);
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const emit = options.onLog ?? (() => undefined);
  const heapMb = process.env.HEAP_MB ?? "192";

  const instances = instancePorts.map((port, i) => {
    const index = i + 1;
    const lines: string[] = [];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.env,
      NODE_ENV: "production",
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      // each instance also answers on its own address (the trial and the proof suite go past nginx)
      ALLOWED_HOSTS: instancePorts.map((p) => `127.0.0.1:${p}`).join(","),
      TRUST_PROXY: "1",
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SESSION_SECRET: options.sessionSecret,
      MEDIA_DIR: mediaDir,
      UPLOAD_DIR: uploadDir,
      // seeded above, once
      SEED_DEMO: "0",
    };
    if (options.databaseSchema) env.DATABASE_SCHEMA = options.databaseSchema;
    else delete env.DATABASE_SCHEMA;
    let proc: Waitable | null = null;
    const log = () => lines.join("\n");
    const onLine = (line: string) => {
      lines.push(line);
      if (lines.length > LOG_LINES_KEPT) lines.shift();
      emit(String(index), line);
    };
    const start = async () => {
      // the flags of `npm run serve`
      proc = launch(process.execPath, ["--max-semi-space-size=4", `--max-old-space-size=${heapMb}`, "server/main.ts"], env, onLine);
      const current = proc;
      await waitHealthy(`http://127.0.0.1:${port}/healthz`, () => !alive(current), `instance ${index} (port ${port})`, log);
    };
    const handle: ClusterInstance & { start(): Promise<void>; stop(): Promise<void> } = {
      index,
      port,
      url: `http://127.0.0.1:${port}`,
      get pid() {
        return proc?.child.pid;
      },
      async kill(signal: NodeJS.Signals = "SIGKILL") {
        await stopProcess(proc, signal, STOP_TIMEOUT_MS);
      },
      async restart() {
        await stopProcess(proc, "SIGTERM", STOP_TIMEOUT_MS);
        await start();
      },
      log,
      start,
      stop: () => stopProcess(proc, "SIGTERM", STOP_TIMEOUT_MS),
    };
    return handle;
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-cluster-"));
  let nginxProc: Waitable | null = null;
  const stop = async () => {
    // nginx first, so no new request reaches an instance that is draining
    await stopProcess(nginxProc, "SIGQUIT", 5000);
    await Promise.all(instances.map((i) => i.stop()));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((i) => i.start()));

    const brotli = fs.existsSync(BROTLI_MODULE);
    const sitePath = path.join(dir, "vitrina.conf");
    const site = renderSite(fs.readFileSync(SITE_TEMPLATE, "utf8"), {
      instances: instancePorts.map((p) => `127.0.0.1:${p}`),
      listen: `127.0.0.1:${nginxPort}`,
      serverName: "127.0.0.1",
      clientDir,
      mediaDir,
      logDir: dir,
      brotli,
    });
    fs.writeFileSync(sitePath, site);
    // As root the master hands work to workers of the project's owner: they read build/ and
    // MEDIA_DIR with exactly the rights the shop's files were made with.
    let user: { name: string; group: string } | undefined;
    if (process.getuid?.() === 0) {
      const owner = fs.statSync(clientDir);
      user = { name: nameOf("/etc/passwd", owner.uid), group: nameOf("/etc/group", owner.gid) };
      fs.chownSync(dir, owner.uid, owner.gid);
    }
    const confPath = path.join(dir, "nginx.conf");
    fs.writeFileSync(confPath, renderTrialMain({ dir, sitePath, user, brotliModule: brotli ? BROTLI_MODULE : undefined, mimeTypes: MIME_TYPES }));
    const nginxLines: string[] = [];
    nginxProc = launch(nginx, ["-p", dir + "/", "-c", confPath, "-e", path.join(dir, "error.log"), "-g", "daemon off;"], process.env, (line) => {
      nginxLines.push(line);
      emit("nginx", line);
    });
    const current = nginxProc;
    const nginxLog = () => {
      const errorLog = path.join(dir, "error.log");
      return [...nginxLines, fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : ""].join("\n");
    };
    await waitHealthy(`${publicUrl}/healthz`, () => !alive(current), "nginx", nginxLog, 15_000);
    return { url: publicUrl, instances, accessLog: path.join(dir, "vitrina.access.log"), brotli, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      instances: { type: "string", default: "2" },
      port: { type: "string", default: "8080" },
      schema: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(
      "npm run cluster -- --instances 2 [--port 8080] [--schema NAME]\n(DATABASE_URL, REDIS_URL, SESSION_SECRET, MEDIA_DIR, UPLOAD_DIR, HEAP_MB from the environment)",
    );
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_000) {
    console.error("--port: номер порта от 1 до 65000 / a port number from 1 to 65000");
    process.exit(2);
  }
  const envUrl = process.env.DATABASE_URL;
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      instances: Number(values.instances),
      port,
      databaseUrl: envUrl ?? DEFAULT_DATABASE_URL,
      databaseSchema: values.schema ?? process.env.DATABASE_SCHEMA,
      redisUrl: process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
      // one secret for all instances; a fresh one per run unless SESSION_SECRET is set
      sessionSecret: process.env.SESSION_SECRET ?? crypto.randomBytes(32).toString("base64url"),
      mediaDir: process.env.MEDIA_DIR,
      uploadDir: process.env.UPLOAD_DIR,
      seed: process.env.SEED_DEMO !== "0" && process.env.SEED_DEMO !== "false",
      build: "run",
      onLog: (source, line) => console.log(`[${source}] ${line}`),
    });
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  console.log(
    `\nВитрина: ${cluster.instances.length} экз. за nginx → ${cluster.url}/ (экземпляры: ${cluster.instances.map((i) => i.port).join(", ")}; brotli: ${cluster.brotli ? "да" : "нет, только gzip"}). Ctrl-C — остановить.\n` +
      `Vitrina: ${cluster.instances.length} instances behind nginx → ${cluster.url}/ (instances: ${cluster.instances.map((i) => i.port).join(", ")}; brotli: ${cluster.brotli ? "yes" : "no, gzip only"}). Ctrl-C stops it.`,
  );
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: останавливаю / stopping…`);
    await cluster.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

if (import.meta.main) await main();
