// The integration tests drive the production build: one older than the source must be refused
// (or rebuilt by the global setup), never tested as if it were the current code.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { staleBuildReason } from "../../support/build-freshness.ts";
import { loadAppModule } from "../../support/test-app.ts";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** a checkout with one source file and a build, each written at the given time (seconds ago) */
function checkout(sourceAgo: number, buildAgo: number | null, sourceName = "app/routes/home.tsx"): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-build-"));
  made.push(root);
  const touch = (rel: string, ago: number) => {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "export {};\n");
    const at = new Date(Date.now() - ago * 1000);
    fs.utimesSync(file, at, at);
  };
  touch(sourceName, sourceAgo);
  if (buildAgo !== null) touch("build/server/index.js", buildAgo);
  return root;
}

describe("a build older than the source", () => {
  it("is refused with the file that changed after it", async () => {
    const root = checkout(10, 60);
    expect(staleBuildReason(root)).toMatch(/older than app\/routes\/home\.tsx.*npm run build/);
    await expect(loadAppModule(root)).rejects.toThrow(/older than app\/routes\/home\.tsx/);
  });

  it("is refused when a server file changed after it", () => {
    expect(staleBuildReason(checkout(5, 60, "server/app.ts"))).toMatch(/older than server\/app\.ts/);
  });

  it("is refused when missing", async () => {
    await expect(loadAppModule(checkout(10, null))).rejects.toThrow(/build\/server\/index\.js is missing/);
  });

  it("is accepted when it is newer than every source file, and a changed test file does not make it stale", () => {
    const root = checkout(60, 10);
    expect(staleBuildReason(root)).toBeNull();
    const test = path.join(root, "app/routes/home.test.ts");
    fs.writeFileSync(test, "export {};\n");
    expect(staleBuildReason(root)).toBeNull();
  });

  it("this checkout's own build is fresh when the tests run (the global setup rebuilt it if needed)", () => {
    expect(staleBuildReason(path.resolve(import.meta.dirname, "../../.."))).toBeNull();
  });

  it("is rebuilt as the production build the shop serves, not React's development build (Vitest sets NODE_ENV=test)", () => {
    const assets = path.resolve(import.meta.dirname, "../../../build/client/assets");
    const scripts = fs.readdirSync(assets).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    const development = scripts.filter((f) => fs.readFileSync(path.join(assets, f), "utf8").includes("A tree hydrated but some attributes"));
    expect(development).toEqual([]);
  });
});
