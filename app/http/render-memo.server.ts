// Rendered documents kept by what they were rendered from (docs/decisions/097-render-memo.md).
//
// A page's HTML is a pure function of the router's state after the loaders ran (URL, matched
// routes, loader data), the build and the CSP nonce. The page cache (server/page-cache.ts) skips
// the loaders too, but only for visitors without a session; every other request still paid for a
// whole React render even when its loaders produced exactly the data of an earlier request — the
// same visitor paging back, a cart session looking at a listing it saw, a shared page after an
// unrelated stock change moved the page version. Here the loaders always run (so whatever they
// read is current and personal data comes from this visitor's own session), and only the render
// is skipped when their result hashes the same as one already rendered.
import crypto from "node:crypto";
import type { EntryContext } from "react-router";

/** A rendered document, cut at each place its CSP nonce was. */
export interface MemoPage {
  parts: Buffer[];
  bytes: number;
}

/** Where rendered documents are kept (this process's memory, bounded by bytes). */
export interface RenderMemo {
  get(key: string): MemoPage | undefined;
  set(key: string, page: MemoPage): void;
}

const HOUR_MS = 3_600_000;
/** deeper than any loader's data: a structure this deep is not hashed (the page is rendered) */
const MAX_DEPTH = 64;

class Unhashable extends Error {}

/**
 * Feeds a value into the hash with its type, so `"1"` and `1`, `[]` and `{}`, a Map and an
 * object with the same entries, `undefined` and a missing key all differ. Object keys are taken
 * in their order (a render that lists entries in another order is another render). Anything the
 * render might read differently next time (a promise for streamed data, a class instance, a
 * function) makes the value unhashable: such a page is always rendered.
 */
function feed(out: string[], value: unknown, depth: number): void {
  if (depth > MAX_DEPTH) throw new Unhashable();
  switch (typeof value) {
    case "string":
      out.push(`s${value.length}:`, value);
      return;
    case "number":
      out.push(`n${Object.is(value, -0) ? "-0" : String(value)};`);
      return;
    case "boolean":
      out.push(value ? "T" : "F");
      return;
    case "undefined":
      out.push("U");
      return;
    case "bigint":
      out.push(`b${value};`);
      return;
    case "object":
      break;
    default:
      throw new Unhashable();
  }
  if (value === null) {
    out.push("N");
    return;
  }
  if (Array.isArray(value)) {
    out.push(`a${value.length}[`);
    for (let i = 0; i < value.length; i++) feed(out, value[i], depth + 1);
    out.push("]");
    return;
  }
  if (value instanceof Date) {
    out.push(`d${value.getTime()};`);
    return;
  }
  if (value instanceof Map) {
    out.push(`m${value.size}{`);
    for (const [k, v] of value) {
      feed(out, k, depth + 1);
      feed(out, v, depth + 1);
    }
    out.push("}");
    return;
  }
  if (value instanceof Set) {
    out.push(`e${value.size}{`);
    for (const v of value) feed(out, v, depth + 1);
    out.push("}");
    return;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) throw new Unhashable();
  const keys = Object.keys(value);
  out.push(`o${keys.length}{`);
  for (const key of keys) {
    out.push(`k${key.length}:`, key);
    feed(out, (value as Record<string, unknown>)[key], depth + 1);
  }
  out.push("}");
}

/** SHA-256 of the values in order, or null when one of them cannot be hashed faithfully. */
export function hashRenderInput(...values: unknown[]): string | null {
  const out: string[] = [];
  try {
    for (const value of values) feed(out, value, 0);
  } catch (error) {
    if (error instanceof Unhashable) return null;
    throw error;
  }
  // one string, one digest: cheaper than thousands of small updates of the hash
  return crypto.createHash("sha256").update(out.join("")).digest("base64url");
}

/**
 * The key of a document render, or null when it must be rendered: not a plain 200 GET with data
 * only (an action's answer, an error boundary, a redirect are rendered as always). The URL and the
 * matched routes with their params, everything the loaders returned, the handoff the client gets,
 * crawler or person (crawlers get the document in one piece), and the UTC hour: the few things
 * drawn at render time from the clock (the delivery calendar's first day) turn on the hour at most.
 */
export function renderMemoKey(request: Request, status: number, context: EntryContext, bot: boolean, now = Date.now()): string | null {
  const state = context.staticHandlerContext;
  if (request.method !== "GET" || status !== 200 || state.statusCode !== 200) return null;
  if (state.errors || state.actionData || context.isSpaMode) return null;
  return hashRenderInput(
    request.url,
    state.matches.map((m) => [m.route.id, m.params]),
    state.loaderData,
    context.serverHandoffString ?? null,
    typeof context.criticalCss === "string" ? context.criticalCss : (context.criticalCss?.href ?? null),
    bot,
    Math.floor(now / HOUR_MS),
  );
}

/** The rendered bytes cut at each occurrence of the nonce they were rendered with (the page cache cuts its pages here too). */
export function memoPage(body: Buffer, nonce: string | undefined): MemoPage {
  if (!nonce) return { parts: [body], bytes: body.length };
  const marker = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let at = 0;
  for (let next = body.indexOf(marker, at); next >= 0; next = body.indexOf(marker, at)) {
    parts.push(body.subarray(at, next));
    at = next + marker.length;
  }
  parts.push(body.subarray(at));
  return { parts, bytes: body.length - marker.length * (parts.length - 1) };
}

/** The kept document with this response's nonce where the old one was. */
export function memoBody(page: MemoPage, nonce: string | undefined): Buffer {
  if (page.parts.length === 1) return page.parts[0]!;
  const separator = Buffer.from(nonce ?? "");
  const pieces: Buffer[] = [];
  page.parts.forEach((part, i) => {
    if (i > 0) pieces.push(separator);
    pieces.push(part);
  });
  return Buffer.concat(pieces, page.bytes + separator.length * (page.parts.length - 1));
}
