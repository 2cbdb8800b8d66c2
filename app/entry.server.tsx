import { PassThrough, Transform } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { faultsContext, nonceContext, renderMemoContext } from "./context.ts";
import { inlineHeadStylesheets } from "./http/inline-stylesheets.server.ts";
import { memoBody, memoPage, renderMemoKey, type RenderMemo } from "./http/render-memo.server.ts";
import { NonceContext } from "./nonce.ts";

export const streamTimeout = 5_000;

/**
 * Errors the router caught in a loader or action are handed to the server edge (which logs them
 * and answers a database outage with 503); a visitor who went away is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const faults = (context as RouterContextProvider).get(faultsContext);
  if (faults) faults.push(error);
  else console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext) || undefined;
  const userAgent = request.headers.get("user-agent");
  const bot = Boolean(userAgent && isbot(userAgent));

  // The same router state as a document already rendered: its bytes, without rendering (decision 097).
  const memo = loadContext.get(renderMemoContext);
  const memoKey = memo ? renderMemoKey(request, responseStatusCode, routerContext, bot) : null;
  const kept = memoKey === null ? undefined : memo!.get(memoKey);
  if (kept) {
    // the loader data the router began encoding for this render is in the kept bytes already
    void routerContext.serverHandoffStream?.cancel().catch(() => undefined);
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const body = memoBody(kept, nonce);
    return Promise.resolve(
      new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), { headers: responseHeaders, status: responseStatusCode }),
    );
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions = bot || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // the page's CSS goes into the head, so the first paint waits for no stylesheet (decision 092)
          const html = pipe(inlineHeadStylesheets());
          (memoKey === null ? html : html.pipe(keepRendered(memo!, memoKey, nonce, () => failed))).pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Passes the document through and keeps a copy once it is whole, unless the render failed on the way. */
function keepRendered(memo: RenderMemo, key: string, nonce: string | undefined, failed: () => boolean): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      if (!failed()) memo.set(key, memoPage(Buffer.concat(chunks), nonce));
      callback();
    },
  });
}
