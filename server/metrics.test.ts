import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { createMetrics } from "./metrics.ts";

/** one request through the timing middleware, answered with `status` */
function request(metrics: ReturnType<typeof createMetrics>, method: string, path: string, status: number) {
  const res = Object.assign(new EventEmitter(), { statusCode: status });
  metrics.timeRequests({ method, path } as Request, res as unknown as Response, (() => undefined) as NextFunction);
  res.emit("finish");
}

const routeLabels = async (metrics: ReturnType<typeof createMetrics>) => {
  const text = await metrics.registry.metrics();
  return [...new Set([...text.matchAll(/^vitrina_http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm)].map((m) => m[1]))].sort();
};

describe("request labels", () => {
  it("name the route, never the address: a thousand products, searches and junk paths make a handful of series", async () => {
    const metrics = createMetrics();
    metrics.knowRoutes(["catalog", "catalog/:section", "product/:slug/:tab?", "search", ":slug", "*", undefined]);
    for (let i = 0; i < 1000; i++) {
      request(metrics, "GET", `/product/divan-${i}/`, 200);
      request(metrics, "GET", `/catalog/razdel-${i % 7}/`, 200);
      request(metrics, "GET", `/search/`, 200);
      request(metrics, "GET", `/page-${i}/`, 404);
      request(metrics, "GET", `/x/${i}/y/`, 404);
      request(metrics, ["PROPFIND", "GET", "POST"][i % 3]!, `/product/divan-${i}.data`, 200);
    }
    request(metrics, "GET", "/", 200);
    request(metrics, "GET", "/assets/entry-abc123.js", 200);
    expect(await routeLabels(metrics)).toEqual(["/", "/:slug/", "/assets/", "/catalog/", "/product/", "/search/", "other"]);
    const text = await metrics.registry.metrics();
    expect(text).not.toContain("divan-");
    expect(text).not.toContain("PROPFIND");
    expect(text).toMatch(/route="\/:slug\/",method="GET",status_class="4xx"/);
  });
});
