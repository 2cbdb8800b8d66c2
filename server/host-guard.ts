// Answers only to the shop's own host names. A request whose Host (or, behind a trusted proxy,
// X-Forwarded-Host) is not PUBLIC_URL's host or one of ALLOWED_HOSTS gets 421 before anything
// runs, so a forged host can never reach a page, a mail link, a sitemap or a cache.
import type { NextFunction, Request, Response } from "express";
import { sendErrorPage } from "./error-pages.ts";

export interface HostGuardOptions {
  publicUrl: string;
  allowedHosts: readonly string[];
  /** outside production, localhost / 127.0.0.1 / [::1] on any port are ours too */
  allowLoopback: boolean;
  trustProxy: boolean;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/;
const DEFAULT_PORT: Record<string, string> = { "http:": "80", "https:": "443" };

/** The set of accepted `Host` values: PUBLIC_URL's host with and without its default port, and the extra ones. */
export function acceptedHosts(publicUrl: string, allowedHosts: readonly string[]): Set<string> {
  const url = new URL(publicUrl);
  const hosts = new Set([url.host.toLowerCase(), ...allowedHosts.map((h) => h.toLowerCase())]);
  if (!url.port) hosts.add(`${url.hostname.toLowerCase()}:${DEFAULT_PORT[url.protocol]}`);
  return hosts;
}

export function hostGuard(options: HostGuardOptions) {
  const accepted = acceptedHosts(options.publicUrl, options.allowedHosts);
  const ours = (host: string) => accepted.has(host) || (options.allowLoopback && LOOPBACK.test(host));
  return (req: Request, res: Response, next: NextFunction) => {
    const host = (req.headers.host ?? "").trim().toLowerCase();
    // a proxy may append: the first value is what the visitor asked for
    const forwarded = options.trustProxy ? req.get("x-forwarded-host")?.split(",")[0]?.trim().toLowerCase() : undefined;
    if (ours(host) && (forwarded === undefined || ours(forwarded))) return next();
    res.setHeader("Cache-Control", "no-store");
    sendErrorPage(req, res, 421, "Этот адрес не относится к магазину. Откройте сайт по его обычному адресу.");
  };
}
