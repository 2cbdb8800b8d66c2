// Process entry: validates the environment, mounts the built app, listens, and shuts down
// gracefully on SIGTERM/SIGINT (stop accepting, let in-flight requests finish, close the db).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import { loadConfig } from "./config.ts";
import type * as AppModule from "./app.ts";

const root = path.resolve(import.meta.dirname, "..");
const serverBuild = path.join(root, "build/server/index.js");

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
// The build is a production build; React and the router read this when they are first loaded,
// which is when the build is imported below: nothing imported above may load React (a lint test
// keeps React out of the features' plain entries, which the configuration uses).
process.env.NODE_ENV ??= "production";
if (!fs.existsSync(serverBuild)) {
  console.error("Нет сборки: сначала выполните `npm run build` (или `npm start`, который собирает сам).");
  process.exit(1);
}

const { createApp } = (await import(pathToFileURL(serverBuild).href)) as typeof AppModule;
const vitrina = await createApp(config);
// Room for long catalogue URLs (a 10 000-character Cyrillic query is ~60 KB percent-encoded);
// anything longer is refused by Node with 431 before it reaches the app.
const MAX_HEADER_BYTES = 96 * 1024;
let stopping = false;
const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
  // While draining, every answer closes its connection: a keep-alive client cannot keep us up.
  if (stopping) res.setHeader("Connection", "close");
  vitrina.app(req, res);
});
server.headersTimeout = 15_000;
server.requestTimeout = 30_000;
server.keepAliveTimeout = 5_000;

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  vitrina.logger.info(`Витрина работает: http://localhost:${port}`);
  if (vitrina.metricsPort) vitrina.logger.info(`metrics: http://127.0.0.1:${vitrina.metricsPort}/metrics`);
  warnWhenHeapIsTight();
});

/**
 * `npm run serve` caps the heap (HEAP_MB, 192 MB by default) to keep the shop small; a large
 * catalogue needs more. Said once at start, while there is still room, not as a crash later.
 */
function warnWhenHeapIsTight() {
  const heap = v8.getHeapStatistics();
  if (heap.used_heap_size > heap.heap_size_limit * 0.6) {
    const mb = (n: number) => Math.round(n / 1024 / 1024);
    vitrina.logger.warn(
      { usedMb: mb(heap.used_heap_size), limitMb: mb(heap.heap_size_limit) },
      "the catalogue takes most of the heap limit: raise HEAP_MB (for example HEAP_MB=1024 for 1 000 000 products)",
    );
  }
}

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  vitrina.logger.info({ signal }, "shutting down");
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  force.unref();
  // Keep-alive sockets that fall idle after their last answer are closed as soon as they do,
  // not after keepAliveTimeout: server.close() alone closes only the ones idle right now.
  const sweepIdle = setInterval(() => server.closeIdleConnections(), 100);
  sweepIdle.unref();
  server.close(async () => {
    clearTimeout(force);
    clearInterval(sweepIdle);
    await vitrina.close();
    vitrina.logger.info("stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
