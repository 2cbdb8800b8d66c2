// The server half of app/lib/inline-stylesheets.ts: reads the built CSS files once and rewrites
// the document's head on its way out. In development (Vite serves the CSS) nothing is built, so
// nothing is inlined.
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { inlineStylesheets } from "../lib/inline-stylesheets.ts";

// build/server/index.js or build/server/assets/<chunk>.js: the client build sits next to build/server
const assetsDir = [path.resolve(import.meta.dirname, "../client/assets"), path.resolve(import.meta.dirname, "../../client/assets")].find((dir) =>
  fs.existsSync(dir),
);
const cssCache = new Map<string, string | undefined>();

function builtCss(href: string): string | undefined {
  const name = /^\/assets\/([\w.-]+\.css)$/.exec(href)?.[1];
  if (!assetsDir || !name) return undefined;
  if (!cssCache.has(name)) {
    let css: string | undefined;
    try {
      css = fs.readFileSync(path.join(assetsDir, name), "utf8");
    } catch {
      css = undefined; // not ours: the link stays
    }
    cssCache.set(name, css);
  }
  return cssCache.get(name);
}

const HEAD_END = Buffer.from("</head>");

/** A pass-through that holds the HTML until </head>, inlines its stylesheets, then streams the rest. */
export function inlineHeadStylesheets(): Transform {
  // bytes, not text, until the head is complete: a chunk may end inside a Cyrillic character, and
  // everything from </head> on (an ASCII boundary) is passed on untouched
  let held: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (held === null) return done(null, chunk);
      held = Buffer.concat([held, chunk]);
      const end = held.indexOf(HEAD_END);
      if (end === -1) return done();
      const head = inlineStylesheets(held.subarray(0, end).toString("utf8"), builtCss);
      const rest = held.subarray(end);
      held = null;
      done(null, Buffer.concat([Buffer.from(head, "utf8"), rest]));
    },
    flush(done) {
      // a document without a head (an error page cut short): send what there is
      if (held?.length) this.push(held);
      done();
    },
  });
}
