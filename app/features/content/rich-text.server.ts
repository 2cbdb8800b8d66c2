// Staff-written HTML is untrusted input: a content editor's paste, a compromised account or an
// import can carry script. sanitize-html (a real parser, htmlparser2, and an allow-list) keeps the
// markup content needs and drops everything else; then the tables get their scrolling wrapper
// (docs/behaviour.md «Every page»: tables in text are wrapped for responsive display). Server only:
// the sanitiser stays out of the browser bundle, and pages come out clean without JavaScript.
import sanitizeHtml from "sanitize-html";
import { Element, isTag } from "domhandler";
import { DomUtils, parseDocument } from "htmlparser2";
import type { RichHtml } from "../../lib/rich-text.ts";

/**
 * Where pictures in shop-written HTML may come from: files in our own media folder. Anything else,
 * even on our own site, is a GET the visitor's browser would send with their cookies
 * (`<img src="/logout/">`), so no query, no `..` and no escapes that could spell one.
 */
const OWN_MEDIA = /^\/media\/(?:[\w-]+(?:\.[\w-]+)*\/)*[\w-]+(?:\.[\w-]+)*$/;

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "mark",
    "abbr",
    "q",
    "cite",
    "time",
    "span",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "caption",
    "colgroup",
    "col",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    // FAQ questions: they open and close without JavaScript
    "details",
    "summary",
  ],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "width", "height", "title", "loading", "decoding"],
    abbr: ["title"],
    time: ["datetime"],
    ol: ["start", "reversed", "type"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    col: ["span"],
    colgroup: ["span"],
    details: ["open"],
    // numbers the counter widget animates (the about page)
    span: ["data-counter"],
    ul: ["class"],
  },
  // the about page's number list; no other class, so staff cannot dress content as site chrome
  allowedClasses: { ul: ["counters"] },
  // links: the web, mail and phone, or our own relative paths; never javascript:, data:, vbscript:
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  // no style attributes at all (no expression(), no url() beacons, no overlays)
  parseStyleAttributes: false,
  disallowedTagsMode: "discard",
  // dropped together with their text, not just unwrapped
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "select",
    "noscript",
    "noembed",
    "noframes",
    "iframe",
    "object",
    "template",
    "title",
    "xmp",
    "svg",
    "math",
  ],
  // the page has its own <h1>
  transformTags: {
    h1: "h2",
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
  },
  // a picture from anywhere but /media/ (or with no source left after cleaning) goes
  exclusiveFilter: (frame) => frame.tag === "img" && !OWN_MEDIA.test(frame.attribs.src ?? ""),
};

/** The scrolling box around a table: focusable and named, so keyboard users can scroll it. */
function wrap(table: Element) {
  const box = new Element("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Таблица" });
  DomUtils.replaceElement(table, box);
  DomUtils.appendChild(box, table);
}

const insideTable = (el: Element): boolean => {
  for (let p = el.parent; p; p = p.parent) if (isTag(p) && p.name === "table") return true;
  return false;
};

/** Cleans staff-written HTML and wraps its tables (not tables nested in tables) for horizontal scrolling. */
export function cleanRichText(html: string): RichHtml {
  const doc = parseDocument(sanitizeHtml(html, POLICY));
  for (const table of DomUtils.findAll((el) => el.name === "table" && !insideTable(el), doc.children)) wrap(table);
  // sanitize-html's output re-serialised: characters as they are, only markup-special ones escaped
  return DomUtils.getOuterHTML(doc, { encodeEntities: "utf8" }) as RichHtml;
}
