import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-config-"));

describe("configuration from the environment", () => {
  it("has working defaults for a local start", () => {
    const dir = tmp();
    const c = loadConfig({}, dir);
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBe("data/vitrina.db");
    expect(c.sessionSecret.length).toBeGreaterThanOrEqual(32);
    // the generated secret is kept, so sessions survive a restart
    expect(loadConfig({}, dir).sessionSecret).toBe(c.sessionSecret);
  });
  it("requires SESSION_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" }, tmp())).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) }, tmp()).env).toBe("production");
  });
  it("refuses a bad port and a short secret", () => {
    expect(() => loadConfig({ PORT: "http" }, tmp())).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_SECRET: "short" }, tmp())).toThrow(/SESSION_SECRET/);
  });
});
