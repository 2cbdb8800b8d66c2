// Reads a request body into memory only up to a byte cap, with or without Content-Length: an
// announced length over the cap is refused before a byte is read, a chunked body is counted as it
// streams and dropped the moment it passes the cap. What arrives after that is discarded unread.
import type { IncomingMessage } from "node:http";
import type { Request, Response } from "express";
import { sendErrorPage } from "./error-pages.ts";

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: "too-large" | "aborted" };

export function readBodyWithin(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, reason: "too-large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    // With the length announced the bytes go straight into one buffer of that size (its own, not
    // Node's pool, so a route may hand it to a worker thread): a 40 MB upload is held once, not as
    // its chunks and then their copy (decision 104).
    let into = Number.isInteger(declared) && declared > 0 ? Buffer.allocUnsafeSlow(declared) : null;
    const finish = (result: BodyResult) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onAbort);
      req.off("close", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        chunks.length = 0;
        into = null;
        finish({ ok: false, reason: "too-large" });
        return;
      }
      if (into && total <= into.length) chunk.copy(into, total - chunk.length);
      else {
        // more than announced: gathered as chunks from here on
        if (into) chunks.push(into.subarray(0, total - chunk.length));
        into = null;
        chunks.push(chunk);
      }
    };
    const onEnd = () => finish({ ok: true, body: into ? into.subarray(0, total) : Buffer.concat(chunks, total) });
    const onAbort = () => finish({ ok: false, reason: "aborted" });
    const onClose = () => {
      if (!req.complete) onAbort();
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onAbort);
    req.on("close", onClose);
  });
}

/**
 * 413 with `Connection: close`. The unread rest of the body is drained into nothing (never
 * buffered), so the client can read the answer; a sender that keeps going is cut off soon after.
 */
export function refuseTooLarge(req: Request, res: Response, message: string): void {
  res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  sendErrorPage(req, res, 413, message);
  req.resume();
  const socket = req.socket;
  const cutOff = setTimeout(() => socket.destroy(), 2_000);
  cutOff.unref();
  socket.once("close", () => clearTimeout(cutOff));
}
