// Cross-site request forgery defence by request provenance (Fetch Metadata + Origin), which
// covers plain form posts, fetcher submissions and the JSON APIs alike without tokens.
// Session cookies are SameSite=Lax as a second layer. See docs/decisions/004-sessions-and-csrf.md.
import type { NextFunction, Request, Response } from "express";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSite(req: Request, allowedOrigins: readonly string[]): boolean {
  if (SAFE.has(req.method)) return false;
  const origin = req.get("origin");
  const site = req.get("sec-fetch-site");
  // Fetch Metadata is set by the browser and cannot be forged by a page: trust it when present.
  if (site === "same-origin" || site === "none") return false;
  if (site === "cross-site" || site === "same-site") return !(origin && allowedOrigins.includes(origin));
  if (!origin) return false; // not a browser, or a same-origin navigation from an old one
  if (allowedOrigins.includes(origin)) return false;
  // The whole origin, scheme included: `https://shop` posting to `http://shop` is another origin.
  // The host was already checked against PUBLIC_URL/ALLOWED_HOSTS (server/host-guard.ts).
  const host = req.get("x-forwarded-host") && req.app.get("trust proxy") ? req.get("x-forwarded-host")!.split(",")[0]!.trim() : req.get("host");
  return origin.toLowerCase() !== `${req.protocol}://${host}`.toLowerCase();
}

export function csrfGuard(allowedOrigins: readonly string[], render403: (req: Request, res: Response) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isCrossSite(req, allowedOrigins)) return render403(req, res);
    next();
  };
}
