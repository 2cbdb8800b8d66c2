// Minimal SVG building blocks for the flat product illustrations. Every shape is drawn on a
// 400×400 canvas standing on the floor line y = 336, centred on x = 200, so all products share
// one angle and one margin.

export const FLOOR_Y = 336;

/** Colours derived from the product colour: base fill, darker sides, lighter tops, outline. */
export interface Paint {
  base: string;
  shade: string;
  deep: string;
  light: string;
  line: string;
}

// Fixed materials that do not follow the product colour.
export const WOOD = "#A57B55";
export const METAL = "#3B3936";
export const BRASS = "#B8924A";
export const LINEN = "#FBF8F2";
export const GLASS = "#DCE5E7";
export const LEAF = "#6E8C5A";
export const LEAF_DARK = "#4F6F45";
export const BOOKS = ["#B4623F", "#3F5A7A", "#C9992F", "#677F5C", "#D6C1A1", "#8C6F8A"];

function channels(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes `hex` towards `target` by `amount` (0..1). */
export function mix(hex: string, target: string, amount: number): string {
  const a = channels(hex);
  const b = channels(target);
  return (
    "#" +
    a
      .map((v, i) =>
        Math.round(v + ((b[i] as number) - v) * amount)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}

export function paintOf(hex: string): Paint {
  return {
    base: hex,
    shade: mix(hex, "#000000", 0.14),
    deep: mix(hex, "#000000", 0.3),
    light: mix(hex, "#FFFFFF", 0.16),
    // Outline strong enough that white furniture still reads on the light background.
    line: mix(mix(hex, "#000000", 0.35), "#8A847C", 0.4),
  };
}

const n = (v: number) => Math.round(v * 10) / 10;

export const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${rx}"` : ""} fill="${fill}"/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = "") =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"/>`;
export const polygon = (points: readonly number[], fill: string) => `<polygon points="${points.map(n).join(" ")}" fill="${fill}"/>`;
export const path = (d: string, fill: string, extra = "") => `<path d="${d}" fill="${fill}"${extra}/>`;
/** An open stroke (no outline of its own). */
export const stroke = (d: string, colour: string, width: number, extra = "") =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"${extra}/>`;

/** The soft contact shadow under objects that stand on the floor. */
export const floorShadow = (rx: number) => ellipse(200, FLOOR_Y + 2, rx, 9, "#000000", ` opacity="0.08" stroke="none"`);

/** Wraps the parts of an object so they share the outline. */
export const outlined = (paint: Paint, parts: string[]) => `<g stroke="${paint.line}" stroke-width="2" stroke-linejoin="round">${parts.join("")}</g>`;

export interface ShapeDef {
  /** the object's parts, drawn in the given paint; `variant` picks one of `variants` looks */
  draw(p: Paint, variant?: number): string;
  /** how many looks the shape has (models are spread over them); none means one */
  variants?: number;
  /** bounding box [x0, y0, x1, y1] used for dimension lines */
  box: readonly [number, number, number, number];
  /** false for things hanging on a wall or from the ceiling (no floor shadow) */
  floor?: boolean;
}
