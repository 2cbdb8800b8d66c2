import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { inlineHeadStylesheets } from "./inline-stylesheets.server.ts";

/** Sends `parts` through the transform as separate chunks; returns what comes out. */
async function through(parts: Buffer[]): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(parts).pipe(inlineHeadStylesheets())) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

describe("the head rewrite on the way out", () => {
  // without a client build beside it (here, from source) nothing is inlined: the bytes must pass intact
  const html = Buffer.from(`<html><head><title>Диваны и кресла</title><link rel="stylesheet" href="/x.css"/></head><body>Привет, мир</body></html>`);

  it("keeps every byte when chunks split Cyrillic characters, before and after </head>", async () => {
    const head = html.indexOf("</head>");
    // cut inside «Д» of the title, right after </head>, and inside «П» of the body
    const cuts = [html.indexOf("Диваны") + 1, head + 3, head + 7, html.indexOf("Привет") + 1, html.length];
    const parts: Buffer[] = [];
    let from = 0;
    for (const to of cuts) {
      parts.push(html.subarray(from, to));
      from = to;
    }
    expect((await through(parts)).toString("utf8")).toBe(html.toString("utf8"));
  });

  it("sends a document that never closes its head as it came", async () => {
    const cut = Buffer.from("<html><head><title>Ошибка");
    expect((await through([cut.subarray(0, 15), cut.subarray(15)])).toString("utf8")).toBe("<html><head><title>Ошибка");
  });
});
