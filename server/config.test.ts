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
  it("takes a metrics token of 16+ characters and a metrics port, neither by default", () => {
    const off = loadConfig({}, tmp());
    expect([off.metricsToken, off.metricsPort]).toEqual([undefined, undefined]);
    expect(() => loadConfig({ METRICS_TOKEN: "short" }, tmp())).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: "70000" }, tmp())).toThrow(/METRICS_PORT/);
    const on = loadConfig({ METRICS_TOKEN: "a".repeat(24), METRICS_PORT: "9464" }, tmp());
    expect([on.metricsToken, on.metricsPort]).toEqual(["a".repeat(24), 9464]);
  });
  it("sizes new sessions per address for shared addresses (5 000 in 10 minutes), NEW_SESSION_LIMIT changes it", () => {
    expect(loadConfig({}, tmp()).newSessionLimit).toBe(5000);
    expect(loadConfig({ NEW_SESSION_LIMIT: "20000" }, tmp()).newSessionLimit).toBe(20000);
    expect(() => loadConfig({ NEW_SESSION_LIMIT: "0" }, tmp())).toThrow(/NEW_SESSION_LIMIT/);
  });
  it("requires SESSION_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" }, tmp())).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), PUBLIC_URL: "https://shop.example.ru" }, tmp()).env).toBe("production");
  });
  it("requires PUBLIC_URL in production and derives it from HOST/PORT locally", () => {
    expect(() => loadConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) }, tmp())).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: "ftp://shop.example.ru" }, tmp())).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PUBLIC_URL: "https://Shop.Example.ru/" }, tmp()).publicUrl).toBe("https://shop.example.ru");
    expect(loadConfig({}, tmp()).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ HOST: "127.0.0.1", PORT: "8080" }, tmp()).publicUrl).toBe("http://127.0.0.1:8080");
    expect(() => loadConfig({ MAP_TILE_URL: "javascript:alert(1)" }, tmp())).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ YANDEX_MAPS_KEY: '"><script>' }, tmp())).toThrow(/YANDEX_MAPS_KEY/);
    expect(loadConfig({ YANDEX_MAPS_KEY: " 0a1b2c3d-0000-4e5f-8a9b-123456789abc " }, tmp()).maps.yandexKey).toBe("0a1b2c3d-0000-4e5f-8a9b-123456789abc");
    expect(loadConfig({}, tmp()).maps).toEqual({ tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", yandexKey: null });
    expect(loadConfig({ ALLOWED_HOSTS: "WWW.shop.ru, shop.ru:8443" }, tmp()).allowedHosts).toEqual(["www.shop.ru", "shop.ru:8443"]);
  });
  it("enables ЮKassa only with both the shop id and the secret key", () => {
    expect(loadConfig({}, tmp()).yookassa).toBeUndefined();
    const c = loadConfig({ YOOKASSA_SHOP_ID: "123456", YOOKASSA_SECRET_KEY: "test_secret_key_1" }, tmp());
    expect(c.yookassa).toEqual({ shopId: "123456", secretKey: "test_secret_key_1", apiUrl: "https://api.yookassa.ru/v3", vatCode: 1 });
    const local = loadConfig(
      { YOOKASSA_SHOP_ID: "1", YOOKASSA_SECRET_KEY: "test_secret_key_1", YOOKASSA_API_URL: "http://127.0.0.1:9999/v3/", YOOKASSA_VAT_CODE: "4" },
      tmp(),
    );
    expect(local.yookassa).toMatchObject({ apiUrl: "http://127.0.0.1:9999/v3", vatCode: 4 });
    expect(() => loadConfig({ YOOKASSA_SHOP_ID: "123456" }, tmp())).toThrow(/YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY/);
    expect(() => loadConfig({ YOOKASSA_SHOP_ID: "12ab", YOOKASSA_SECRET_KEY: "test_secret_key_1" }, tmp())).toThrow(/YOOKASSA_SHOP_ID/);
    expect(() => loadConfig({ YOOKASSA_VAT_CODE: "13" }, tmp())).toThrow(/YOOKASSA_VAT_CODE/);
  });
  it("shares state through Redis only with REDIS_URL, and refuses an address that is not Redis's", () => {
    expect(loadConfig({}, tmp()).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" }, tmp()).redis).toEqual({ url: "redis://127.0.0.1:6379", prefix: "vitrina:" });
    expect(loadConfig({ REDIS_URL: "rediss://:secret@redis.example.ru:6380/2", REDIS_PREFIX: "shop-1:" }, tmp()).redis).toEqual({
      url: "rediss://:secret@redis.example.ru:6380/2",
      prefix: "shop-1:",
    });
    for (const bad of ["127.0.0.1:6379", "http://127.0.0.1:6379", "redis://", "redis://127.0.0.1:6379/db"])
      expect(() => loadConfig({ REDIS_URL: bad }, tmp())).toThrow(/REDIS_URL: a redis:\/\/ or rediss:\/\/ address/);
    expect(() => loadConfig({ REDIS_URL: "redis://127.0.0.1", REDIS_PREFIX: "a b" }, tmp())).toThrow(/REDIS_PREFIX/);
  });
  it("refuses a bad port and a short secret", () => {
    expect(() => loadConfig({ PORT: "http" }, tmp())).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_SECRET: "short" }, tmp())).toThrow(/SESSION_SECRET/);
  });
});
