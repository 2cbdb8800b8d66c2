// `npm run dev`: the shop with Vite's dev server (hot reload, React Refresh) behind the same
// Express app and middleware as production (host guard, CSP, CSRF, sessions: server/app.ts),
// on the same configuration and defaults as `npm start` (SQLite data/vitrina.db, demo shop).
// server/app.ts is loaded through Vite, so it shares one module graph with the routes and the
// router context keys (app/context.ts) are the same objects on both sides, as in the build.
// Changes under app/ apply at once; changes under server/ need a restart.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { loadConfig, type AppConfig } from "../server/config.ts";
import type * as AppModule from "../server/app.ts";

const root = path.resolve(import.meta.dirname, "..");

export interface DevServer {
  /** where it listens, e.g. http://localhost:3000 */
  url: string;
  vitrina: AppModule.VitrinaApp;
  close(): Promise<void>;
}

export async function startDevServer(config: AppConfig): Promise<DevServer> {
  const server = http.createServer({ maxHeaderSize: 96 * 1024 }); // as server/main.ts
  const vite = await createViteServer({
    configFile: path.join(root, "vite.config.ts"),
    root,
    appType: "custom",
    logLevel: config.logLevel === "silent" ? "silent" : "info",
    server: {
      middlewareMode: true,
      // The HMR websocket on the shop's own port (Vite would open a second one, 24678): the page
      // stays on one origin, which the CSP's connect-src 'self' already allows.
      ws: { server },
      // server/host-guard.ts checks Host first; Vite checks it again for its files and websocket
      allowedHosts: [new URL(config.publicUrl).hostname, ...config.allowedHosts.map((h) => h.replace(/:\d+$/, ""))],
    },
  });
  try {
    const { createApp } = (await vite.ssrLoadModule("/server/app.ts")) as typeof AppModule;
    const vitrina = await createApp(config, {
      dev: {
        middlewares: vite.middlewares,
        // Vite's module graph keeps what did not change, so this is cheap on every request
        loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      },
    });
    server.on("request", vitrina.app);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const host = !config.host || config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
    return {
      url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
      vitrina,
      async close() {
        server.closeAllConnections();
        await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), vite.close()]);
        await vitrina.close();
      },
    };
  } catch (err) {
    server.close();
    await vite.close();
    throw err;
  }
}

if (import.meta.main) {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  // public/icons.svg is generated (as `npm run build` does), not kept in git
  await import("./build-sprite.ts");
  const dev = await startDevServer(config);
  dev.vitrina.logger.info(`Витрина (разработка, Vite с горячей перезагрузкой): ${dev.url}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    dev.vitrina.logger.info({ signal }, "shutting down");
    await dev.close();
    dev.vitrina.logger.info("stopped");
    process.exit(0);
  };
  // React Router's plugin runs helper Vite servers that would end the process on SIGTERM by
  // themselves, before the database is closed; `dev.close()` closes them too.
  process.removeAllListeners("SIGTERM");
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
