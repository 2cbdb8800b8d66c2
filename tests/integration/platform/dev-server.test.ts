// `npm run dev` (scripts/dev.ts): the same Express app with Vite's dev server in front of the
// routes. Started here in-process on a free port with its own SQLite database; no source file
// is edited (that hot reload reaches the browser is checked by hand, see README).
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../../scripts/dev.ts";
import { testConfig } from "../../support/test-app.ts";

describe("the development server", () => {
  const config = testConfig("sqlite");
  let dev: DevServer | undefined;
  beforeAll(async () => {
    dev = await startDevServer(config);
  });
  afterAll(async () => {
    await dev?.close(); // the HTTP server, Vite (its file watcher and HMR websocket) and the database
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(config.databaseUrl + suffix, { force: true });
    fs.rmSync(config.mailOutboxDir!, { recursive: true, force: true });
  });

  it("renders the home page with the demo shop, the same CSP and React Router's HMR runtime", async () => {
    const res = await fetch(dev!.url + "/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+';/);
    const html = await res.text();
    expect(html).toContain("Мебель и интерьер");
    // the browser loads the source modules from Vite, with the React Refresh preamble first
    expect(html).toContain("virtual:react-router/inject-hmr-runtime");
    expect(html).toContain('href="/app/root.tsx"');
    expect(html).not.toContain("/assets/");
  });

  it("serves those modules through Vite, with its HMR client", async () => {
    const root = await fetch(dev!.url + "/app/root.tsx");
    expect(root.status).toBe(200);
    expect(await root.text()).toContain("/@vite/client");
    const client = await fetch(dev!.url + "/@vite/client");
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toMatch(/javascript/);
    await client.arrayBuffer();
  });
});
