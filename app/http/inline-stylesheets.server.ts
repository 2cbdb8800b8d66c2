// The server half of app/lib/inline-stylesheets.ts: reads the built CSS files once and rewrites
// the document's head on its way out. In development (Vite serves the CSS) nothing is built, so
// nothing is inlined.
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
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

/** A pass-through that holds the HTML until </head>, inlines its stylesheets, then streams the rest. */
export function inlineHeadStylesheets(): Transform {
  let head: string | null = "";
  // a chunk may end inside a multi-byte character (Cyrillic text in the title)
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head === null) return done(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf("</head>");
      if (end === -1) return done();
      const out = inlineStylesheets(head.slice(0, end), builtCss) + head.slice(end);
      head = null;
      done(null, out);
    },
    flush(done) {
      // a document without a head (an error page cut short): send what there is
      if (head !== null) this.push(head + decoder.end());
      done();
    },
  });
}
