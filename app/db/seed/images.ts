// Demo pictures, drawn as SVG in code and encoded with sharp to WebP and AVIF at three widths.
// Files that exist and were drawn from the same SVG are skipped, so reseeding is fast.
// Product images:  <mediaDir>/products/<key>-<w>.webp|avif, key "<shape>[-m<look>]-<colour>", or
//                  "<shape>[-m<look>]-dims-<w>x<d>x<h>" for the size scheme with the product's centimetres
// News images:     <mediaDir>/news/<key>-<w>.webp|avif (16:9 interior scenes)
// The database stores the web path without width and extension: /media/products/<key>.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type SharpModule from "sharp";
import { COLOURS } from "./catalog-data.ts";
import { DECOR } from "./shapes-decor.ts";
import { FURNITURE } from "./shapes-furniture.ts";
import { UPHOLSTERED } from "./shapes-upholstered.ts";
import { sceneSvg } from "./scenes.ts";
import { floorShadow, paintOf, polygon, rect, stroke, type ShapeDef } from "./svg.ts";

export const BACKGROUND = "#F3EFE9";
export const PRODUCT_WIDTHS = [320, 640, 960] as const;
export const PRODUCT_IMAGE_SIZE = 960;
export const NEWS_WIDTHS = [480, 960, 1440] as const;

export const SHAPES: Readonly<Record<string, ShapeDef>> = { ...FURNITURE, ...UPHOLSTERED, ...DECOR };

/** The look of a model (0 for shapes with one look): the same model looks the same in every colour. */
export function modelLook(shape: string, model: string): number {
  const variants = SHAPES[shape]?.variants ?? 1;
  if (variants <= 1) return 0;
  let h = 0;
  for (const ch of model) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return h % variants;
}

const lookPart = (look: number) => (look > 0 ? `-m${look}` : "");
export const productImageKey = (shape: string, colour: string, look = 0) => `${shape}${lookPart(look)}-${colour}`;
/** Centimetres rounded to whole numbers; a missing size is 0 (not drawn). */
export const dimensionsImageKey = (shape: string, look: number, size: { w?: number; d?: number; h?: number }) =>
  `${shape}${lookPart(look)}-dims-${Math.round(size.w ?? 0)}x${Math.round(size.d ?? 0)}x${Math.round(size.h ?? 0)}`;
export const productImageSrc = (key: string) => `/media/products/${key}`;
export const newsImageSrc = (key: string) => `/media/news/${key}`;

function shapeOf(name: string): ShapeDef {
  const shape = SHAPES[name];
  if (!shape) throw new Error(`no drawing for shape "${name}"`);
  return shape;
}

/**
 * Scale and offset that fit a shape's box into the product frame, so every product fills the
 * square the same way: the box scaled to the same width or height and centred, as in packshots.
 */
function fitToFrame(shape: ShapeDef, area: { width: number; height: number; centreY: number }): { s: number; tx: number; ty: number } {
  const [x0, y0, x1, y1] = shape.box;
  const s = Math.min(area.width / (x1 - x0), area.height / (y1 - y0), 1.6);
  return { s, tx: 200 - (s * (x0 + x1)) / 2, ty: area.centreY - (s * (y0 + y1)) / 2 };
}

const transform = ({ s, tx, ty }: { s: number; tx: number; ty: number }) => `translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${s.toFixed(3)})`;

/** One product in its colour: the same canvas, angle and margins for every product. */
function productSvg(shapeName: string, look: number, colourCode: string): string {
  const shape = shapeOf(shapeName);
  const colour = COLOURS[colourCode];
  if (!colour) throw new Error(`unknown colour "${colourCode}"`);
  const [x0, , x1] = shape.box;
  const shadow = shape.floor === false ? "" : floorShadow((x1 - x0) / 2 + 8);
  const fit = fitToFrame(shape, { width: 300, height: 270, centreY: 206 });
  return svgDocument(400, 400, `<g transform="${transform(fit)}">${shadow}${shape.draw(paintOf(colour.hex), look)}</g>`);
}

const cm = (v: number) => `${v}\u00A0см`;
const label = (x: number, y: number, text: string, extra = "", size = 15) =>
  `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="Onest, 'DejaVu Sans', Arial, sans-serif" font-size="${size}" font-weight="600" fill="#1F1D1A" text-anchor="middle"${extra}>${text}</text>`;

/** A line drawing of the shape with width and height arrows and the product's own centimetres. */
function dimensionsSvg(shapeName: string, look: number, size: { w: number; d: number; h: number }): string {
  const shape = shapeOf(shapeName);
  const fit = fitToFrame(shape, { width: 250, height: 210, centreY: 196 });
  const [bx0, by0, bx1, by1] = shape.box;
  const [x0, y0, x1, y1] = [fit.tx + fit.s * bx0, fit.ty + fit.s * by0, fit.tx + fit.s * bx1, fit.ty + fit.s * by1];
  const ink = "#6B6660";
  const hy = y1 + 30;
  const vx = x1 + 26;
  const parts: string[] = [];
  if (size.w) {
    parts.push(
      stroke(`M${x0} ${y1 + 8} V${hy + 8} M${x1} ${y1 + 8} V${hy + 8}`, ink, 1.5, ` stroke-dasharray="4 4"`),
      stroke(`M${x0 + 4} ${hy} H${x1 - 4}`, ink, 2),
      polygon([x0, hy, x0 + 12, hy - 5, x0 + 12, hy + 5], ink),
      polygon([x1, hy, x1 - 12, hy - 5, x1 - 12, hy + 5], ink),
      rect((x0 + x1) / 2 - 34, hy - 11, 68, 22, BACKGROUND),
      label((x0 + x1) / 2, hy + 5, cm(size.w)),
    );
  }
  if (size.h) {
    const mid = (y0 + y1) / 2;
    parts.push(
      stroke(`M${x1 + 8} ${y0} H${vx + 8} M${x1 + 8} ${y1} H${vx + 8}`, ink, 1.5, ` stroke-dasharray="4 4"`),
      stroke(`M${vx} ${y0 + 4} V${y1 - 4}`, ink, 2),
      polygon([vx, y0, vx - 5, y0 + 12, vx + 5, y0 + 12], ink),
      polygon([vx, y1, vx - 5, y1 - 12, vx + 5, y1 - 12], ink),
      rect(vx - 11, mid - 34, 22, 68, BACKGROUND),
      label(vx, mid, cm(size.h), ` transform="rotate(-90 ${vx.toFixed(1)} ${mid.toFixed(1)})" dy="5"`),
    );
  }
  const all = [size.w && `Ш ${size.w}`, size.d && `Г ${size.d}`, size.h && `В ${size.h}`].filter(Boolean).join(" × ");
  if (all) parts.push(label(200, 44, `${all} см`, "", 18));
  const drawing = shape.draw({ base: "#FFFFFF", shade: "#F1EDE7", deep: "#E2DCD3", light: "#FFFFFF", line: "#8F8981" }, look);
  return svgDocument(400, 400, `<g transform="${transform(fit)}">${drawing}</g>${parts.join("")}`);
}

function svgDocument(width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${BACKGROUND}"/>${body}</svg>`
  );
}

// shape names may contain hyphens, colours do not
const KEY_PATTERN = /^(.+?)(?:-m(\d+))?-(?:dims-(\d+)x(\d+)x(\d+)|([a-z]+))$/;

/** The SVG of a product image key (see the top of this file). */
export function productImageSvg(key: string): string {
  const m = KEY_PATTERN.exec(key);
  if (!m) throw new Error(`bad product image key "${key}"`);
  const [, shape, look, w, d, h, colour] = m;
  return colour ? productSvg(shape!, Number(look ?? 0), colour) : dimensionsSvg(shape!, Number(look ?? 0), { w: Number(w), d: Number(d), h: Number(h) });
}

export interface RenderResult {
  rendered: number;
  skipped: number;
}

/** Renders product pictures that are not on disk yet. */
export function renderProductImages(mediaDir: string, keys: Iterable<string>, log?: (msg: string) => void): Promise<RenderResult> {
  return renderAll(path.join(mediaDir, "products"), [...keys], productImageSvg, PRODUCT_WIDTHS, log, "product");
}

/** Renders news and gallery scenes that are not on disk yet. */
export function renderNewsImages(mediaDir: string, keys: Iterable<string>, log?: (msg: string) => void): Promise<RenderResult> {
  return renderAll(path.join(mediaDir, "news"), [...keys], sceneSvg, NEWS_WIDTHS, log, "news");
}

const FORMATS = ["webp", "avif"] as const;
// Two images at a time: sharp already uses several threads per image, more only adds memory.
const PARALLEL = 2;

/** Remembers which drawing each key was rendered from, so a changed drawing is rendered again. */
const MANIFEST = ".drawings.json";

function readManifest(dir: string): Record<string, string> {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * sharp is loaded only when there are pictures to draw (a fresh shop), so a server starting on an
 * existing database never maps libvips; the cache stays off, since every picture is drawn once.
 */
async function loadSharp(): Promise<typeof SharpModule> {
  const { default: sharp } = await import("sharp");
  sharp.cache(false);
  return sharp;
}

async function renderAll(
  dir: string,
  keys: string[],
  svgOf: (key: string) => string,
  widths: readonly number[],
  log: ((msg: string) => void) | undefined,
  label: string,
): Promise<RenderResult> {
  fs.mkdirSync(dir, { recursive: true });
  const manifest = readManifest(dir);
  const unique = [...new Set(keys)].sort();
  const todo: { key: string; svg: string; hash: string }[] = [];
  for (const key of unique) {
    const svg = svgOf(key);
    const hash = createHash("sha1").update(svg).digest("hex");
    const onDisk = widths.every((w) => FORMATS.every((f) => fs.existsSync(path.join(dir, `${key}-${w}.${f}`))));
    if (!onDisk || manifest[key] !== hash) todo.push({ key, svg, hash });
  }
  if (!todo.length) return { rendered: 0, skipped: unique.length };
  const sharp = await loadSharp();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < todo.length) {
      const job = todo[next++] as (typeof todo)[number];
      await renderOne(sharp, job.svg, path.join(dir, job.key), widths);
      manifest[job.key] = job.hash;
      done++;
      if (log && (done % 25 === 0 || done === todo.length)) log(`${label} images: ${done}/${todo.length}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  } finally {
    fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 1));
  }
  return { rendered: todo.length, skipped: unique.length - todo.length };
}

/** Rasterises the SVG once at the largest width, then scales down and encodes each size. */
async function renderOne(sharp: typeof SharpModule, svg: string, base: string, widths: readonly number[]): Promise<void> {
  const largest = Math.max(...widths);
  const viewWidth = Number(/width="(\d+)"/.exec(svg)?.[1] ?? largest);
  const { data, info } = await sharp(Buffer.from(svg), { density: (72 * largest) / viewWidth })
    .resize(largest)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const w of widths) {
    const scaled = sharp(data, { raw }).resize(w);
    for (const format of FORMATS) {
      const file = `${base}-${w}.${format}`;
      // Write then rename, so an interrupted run never leaves a half file that a rerun would skip.
      // The temporary name is the process's own: test workers seeding one fresh folder at once
      // would otherwise rename each other's file away mid-write.
      const tmp = `${file}.${process.pid}.tmp`;
      // low encoder effort: flat drawings compress well anyway, and a fresh shop renders a few hundred
      // pictures at start (effort 2/0 is about three times faster than the defaults, files ~10–35 % larger)
      const encoder = format === "webp" ? scaled.clone().webp({ quality: 80, effort: 2 }) : scaled.clone().avif({ quality: 55, effort: 0 });
      await encoder.toFile(tmp);
      fs.renameSync(tmp, file);
    }
  }
}
