import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { largestBodies, staffOnlyPatterns } from "../server/body-limits.ts";
import { renderSite, renderTrialMain, type SiteValues } from "./nginx-config.ts";

const template = fs.readFileSync(path.resolve(import.meta.dirname, "../deploy/nginx.conf"), "utf8");
const values: SiteValues = {
  instances: ["127.0.0.1:3001", "127.0.0.1:3002"],
  listen: "127.0.0.1:8080",
  serverName: "shop.example.ru",
  clientDir: "/srv/vitrina/build/client",
  mediaDir: "/srv/vitrina/data/media/",
  logDir: "/var/log/nginx",
  brotli: true,
};
/** the directives, comments dropped */
const directives = (conf: string) =>
  conf
    .split("\n")
    .filter((l) => !l.trimStart().startsWith("#"))
    .join("\n");
const MIB = 1024 * 1024;

describe("deploy/nginx.conf rendered for a cluster", () => {
  it("fills every value: one upstream server per instance, the paths, no placeholder left outside comments", () => {
    const site = directives(renderSite(template, values));
    expect(site).not.toContain("{{");
    expect(site.match(/^\s+server 127\.0\.0\.1:300\d max_fails=2 fail_timeout=5s;$/gm)).toHaveLength(2);
    expect(site).toContain("listen 127.0.0.1:8080;");
    expect(site).toContain("server_name shop.example.ru;");
    expect(site).toMatch(/location \/assets\/ \{\s+root \/srv\/vitrina\/build\/client;/);
    expect(site).toMatch(/location \/media\/ \{\s+alias \/srv\/vitrina\/data\/media\/;/);
    expect(site).toContain("access_log /var/log/nginx/vitrina.access.log vitrina_upstream;");
  });

  it("retries on another instance only what nginx treats as idempotent, and balances with keepalive", () => {
    const site = directives(template);
    const retry = /proxy_next_upstream ([^;]+);/.exec(site)?.[1];
    expect(retry?.split(/\s+/).sort()).toEqual(["error", "http_502", "http_503", "timeout"]);
    expect(site).not.toContain("non_idempotent");
    expect(directives(renderSite(template, values))).toMatch(/upstream vitrina \{[^}]*least_conn;[^}]*keepalive \d+;/);
    // below the app's keepAliveTimeout (5 s): nginx never reuses a connection Node is closing
    expect(Number(/keepalive_timeout (\d+)s;/.exec(site)?.[1])).toBeLessThan(5);
    for (const header of ["X-Forwarded-For $remote_addr", "X-Forwarded-Proto $scheme", "X-Real-IP $remote_addr", "Host $http_host"]) {
      expect(site).toContain(`proxy_set_header ${header};`);
    }
  });

  it("takes the bodies the app takes: the visitors' largest cap everywhere, the staff caps under /admin/ only", () => {
    const site = directives(template);
    const caps = [...site.matchAll(/client_max_body_size (\d+)m;/g)].map((m) => Number(m[1]));
    const { anyone, staff } = largestBodies();
    expect(caps).toEqual([Math.ceil(anyone / MIB), Math.ceil(staff / MIB)]);
    expect(site).toMatch(new RegExp(`location /admin/ \\{\\s+client_max_body_size ${Math.ceil(staff / MIB)}m;`));
    for (const pattern of staffOnlyPatterns()) expect(pattern.source.startsWith("^\\/admin\\/"), pattern.source).toBe(true);
  });

  it("leaves the brotli lines out when Debian's module is not installed, keeping gzip", () => {
    const site = directives(renderSite(template, { ...values, brotli: false }));
    expect(site).not.toMatch(/brotli/);
    expect(site).toContain("gzip on;");
    expect(directives(renderSite(template, values))).toContain("brotli on;");
  });

  it("refuses paths nginx would need quoted, and an empty cluster", () => {
    expect(() => renderSite(template, { ...values, mediaDir: "/srv/my media" })).toThrow(/MEDIA_DIR must be an absolute path/);
    expect(() => renderSite(template, { ...values, clientDir: "build/client" })).toThrow(/absolute path/);
    expect(() => renderSite(template, { ...values, instances: [] })).toThrow(/at least one instance/);
    expect(() => renderSite("listen {{port}};", values)).toThrow(/unknown value \{\{port\}\}/);
  });

  it("keeps a trial's pid, logs and temporary files in its own directory", () => {
    const main = renderTrialMain({ dir: "/tmp/vitrina-cluster-x", sitePath: "/tmp/vitrina-cluster-x/vitrina.conf", mimeTypes: "/etc/nginx/mime.types" });
    for (const line of [
      "pid /tmp/vitrina-cluster-x/nginx.pid;",
      "error_log /tmp/vitrina-cluster-x/error.log warn;",
      "include /tmp/vitrina-cluster-x/vitrina.conf;",
    ]) {
      expect(main).toContain(line);
    }
    for (const temp of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) expect(main).toContain(`${temp}_temp_path /tmp/vitrina-cluster-x/${temp};`);
    expect(main).not.toMatch(/^user /m);
    expect(main).not.toContain("daemon");
    const asRoot = renderTrialMain({
      dir: "/tmp/x",
      sitePath: "/tmp/x/vitrina.conf",
      mimeTypes: "/etc/nginx/mime.types",
      user: { name: "shop", group: "shop" },
      brotliModule: "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so",
    });
    expect(asRoot).toMatch(/^user shop shop;$/m);
    expect(asRoot).toContain("load_module /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so;");
  });
});
