// Flat front views of lighting, textile, decor, kids' and garden goods (canvas: svg.ts).
import { BOOKS, BRASS, GLASS, LEAF, LEAF_DARK, LINEN, METAL, WOOD, circle, ellipse, outlined, path, polygon, rect, stroke, type ShapeDef } from "./svg.ts";

const GLOW = "#FFE7B0";
const CUSHION = "#F4EEE3";

/** A soft square pillow with pinched corners. */
const pillow = (x: number, y: number, s: number, fill: string) => {
  const b = 8;
  return path(
    `M${x} ${y} Q${x + s / 2} ${y + b} ${x + s} ${y} Q${x + s - b} ${y + s / 2} ${x + s} ${y + s} ` +
      `Q${x + s / 2} ${y + s - b} ${x} ${y + s} Q${x + b} ${y + s / 2} ${x} ${y} Z`,
    fill,
  );
};

/** A leaf pointing up from (0,0), rotated by `deg` around its stem and moved to (x, y). */
const leaf = (x: number, y: number, deg: number, len: number, fill: string) =>
  path(`M0 0 Q${len * 0.35} ${-len * 0.5} 0 ${-len} Q${-len * 0.35} ${-len * 0.5} 0 0 Z`, fill, ` transform="translate(${x} ${y}) rotate(${deg})"`);

export const DECOR: Record<string, ShapeDef> = {
  "pendant-lamp": {
    box: [110, 40, 290, 250],
    floor: false,
    draw: (p) =>
      ellipse(200, 320, 120, 22, GLOW, ` opacity="0.45"`) +
      outlined(p, [
        rect(184, 40, 32, 10, METAL, 3),
        stroke("M200 50 V156", METAL, 3),
        path("M110 236 Q110 156 200 156 Q290 156 290 236 Z", p.base),
        ellipse(200, 236, 90, 12, p.deep),
        circle(200, 246, 14, GLOW),
      ]),
  },
  "floor-lamp": {
    box: [128, 62, 272, 336],
    draw: (p) =>
      outlined(p, [
        ellipse(200, 330, 46, 8, METAL),
        rect(197, 144, 6, 184, METAL, 2),
        polygon([156, 62, 244, 62, 272, 148, 128, 148], p.base),
        ellipse(200, 148, 72, 8, p.shade),
        ellipse(200, 152, 16, 5, GLOW),
      ]),
  },
  "table-lamp": {
    box: [124, 128, 276, 336],
    draw: (p) =>
      outlined(p, [
        path("M172 336 Q146 300 166 264 Q178 242 190 236 L210 236 Q222 242 234 264 Q254 300 228 336 Z", p.base),
        path("M178 320 Q164 296 176 270", "none", ` stroke="${p.light}" stroke-width="6" stroke-linecap="round"`),
        rect(194, 210, 12, 28, BRASS, 2),
        polygon([150, 128, 250, 128, 276, 212, 124, 212], LINEN),
      ]),
  },
  rug: {
    box: [40, 200, 360, 336],
    floor: false,
    draw: (p) =>
      outlined(p, [
        stroke("M84 200 V190 M112 200 V190 M140 200 V190 M168 200 V190 M196 200 V190 M224 200 V190 M252 200 V190 M280 200 V190 M308 200 V190", p.deep, 2),
        stroke("M50 336 V348 M90 336 V348 M130 336 V348 M170 336 V348 M210 336 V348 M250 336 V348 M290 336 V348 M330 336 V348", p.deep, 2),
        polygon([82, 200, 318, 200, 360, 336, 40, 336], p.base),
        polygon([100, 214, 300, 214, 334, 322, 66, 322], p.light),
        polygon([200, 224, 262, 268, 200, 312, 138, 268], p.shade),
        polygon([200, 246, 230, 268, 200, 290, 170, 268], p.base),
        polygon([112, 268, 132, 254, 152, 268, 132, 282], p.shade),
        polygon([248, 268, 268, 254, 288, 268, 268, 282], p.shade),
      ]),
  },
  cushion: {
    box: [100, 130, 300, 336],
    draw: (p) =>
      outlined(p, [
        `<g transform="rotate(-8 160 230)">${pillow(92, 140, 150, p.shade)}</g>`,
        pillow(140, 176, 160, p.base),
        stroke("M150 256 H290", p.light, 6),
        circle(220, 256, 6, p.deep),
      ]),
  },
  throw: {
    box: [86, 210, 314, 336],
    draw: (p) =>
      outlined(p, [
        rect(86, 290, 228, 46, p.shade, 14),
        rect(92, 250, 216, 44, p.base, 14),
        rect(98, 210, 204, 44, p.light, 14),
        stroke("M130 224 l8 8 l8 -8 M170 224 l8 8 l8 -8 M210 224 l8 8 l8 -8 M250 224 l8 8 l8 -8", p.shade, 2),
        stroke("M130 266 l8 8 l8 -8 M170 266 l8 8 l8 -8 M210 266 l8 8 l8 -8 M250 266 l8 8 l8 -8", p.deep, 2),
        stroke("M316 300 h10 M316 310 h10 M316 320 h10", p.deep, 2),
      ]),
  },
  curtain: {
    box: [56, 52, 344, 336],
    floor: false,
    draw: (p) =>
      rect(112, 84, 176, 230, GLASS) +
      rect(196, 84, 8, 230, "#FFFFFF") +
      outlined(p, [
        path("M64 62 L172 62 Q150 200 178 336 L60 336 Q74 200 64 62 Z", p.base),
        path("M336 62 L228 62 Q250 200 222 336 L340 336 Q326 200 336 62 Z", p.base),
        stroke("M96 66 Q88 200 98 332 M132 66 Q124 200 140 332 M304 66 Q312 200 302 332 M268 66 Q276 200 260 332", p.shade, 3),
        rect(50, 52, 300, 8, METAL, 4),
        circle(50, 56, 8, METAL),
        circle(350, 56, 8, METAL),
      ]),
  },
  vase: {
    box: [130, 50, 270, 336],
    draw: (p) =>
      stroke("M196 150 Q180 100 150 62 M204 150 Q214 96 232 52 M206 150 Q236 120 266 96", "#8B6A4A", 3) +
      ellipse(150, 62, 8, 12, "#C9B48A") +
      ellipse(232, 52, 8, 12, "#C9B48A") +
      ellipse(266, 96, 8, 12, "#C9B48A") +
      outlined(p, [
        path("M172 336 Q128 280 158 202 Q170 172 186 152 L214 152 Q230 172 242 202 Q272 280 228 336 Z", p.base),
        path("M168 300 Q150 262 166 222", "none", ` stroke="${p.light}" stroke-width="7" stroke-linecap="round"`),
        rect(182, 140, 36, 14, p.shade, 4),
      ]),
  },
  mirror: {
    box: [120, 60, 280, 330],
    floor: false,
    draw: (p) =>
      path("M128 338 L128 148 A80 80 0 0 1 288 148 L288 338 Z", "#000000", ` opacity="0.07"`) +
      outlined(p, [
        path("M120 330 L120 140 A80 80 0 0 1 280 140 L280 330 Z", p.base),
        path("M136 316 L136 142 A64 64 0 0 1 264 142 L264 316 Z", GLASS),
        polygon([150, 230, 230, 110, 246, 124, 166, 250], "#FFFFFF"),
      ]),
  },
  planter: {
    box: [110, 84, 290, 336],
    draw: (p) =>
      [
        leaf(196, 232, -40, 110, LEAF),
        leaf(204, 232, 38, 120, LEAF_DARK),
        leaf(200, 232, 4, 148, LEAF),
        leaf(196, 232, -72, 90, LEAF_DARK),
        leaf(204, 232, 70, 86, LEAF),
      ].join("") + outlined(p, [polygon([140, 238, 260, 238, 246, 336, 154, 336], p.base), rect(132, 228, 136, 18, p.shade, 4)]),
  },
  clock: {
    box: [80, 80, 320, 320],
    floor: false,
    draw: (p) =>
      ellipse(208, 208, 120, 120, "#000000", ` opacity="0.07"`) +
      outlined(p, [
        circle(200, 200, 120, p.base),
        circle(200, 200, 102, LINEN),
        ...Array.from({ length: 12 }, (_, i) => {
          const a = (i * Math.PI) / 6;
          const r0 = i % 3 === 0 ? 80 : 88;
          return stroke(
            `M${200 + r0 * Math.sin(a)} ${200 - r0 * Math.cos(a)} L${200 + 96 * Math.sin(a)} ${200 - 96 * Math.cos(a)}`,
            METAL,
            i % 3 === 0 ? 5 : 3,
          );
        }),
        stroke("M200 200 L200 132", METAL, 6),
        stroke("M200 200 L250 226", METAL, 4),
        circle(200, 200, 7, p.deep),
      ]),
  },
  "kids-bed": {
    box: [64, 60, 336, 336],
    draw: (p) =>
      outlined(p, [
        stroke("M72 166 L200 64 L328 166", p.base, 14),
        rect(70, 156, 14, 180, p.base, 4),
        rect(316, 156, 14, 180, p.base, 4),
        rect(80, 246, 240, 22, LINEN, 8),
        rect(96, 224, 80, 28, LINEN, 12),
        rect(150, 240, 170, 26, BOOKS[2]!, 8),
        rect(70, 262, 260, 44, p.shade, 8),
        rect(84, 214, 80, 10, p.base, 4),
        circle(272, 150, 14, "#FFFFFF"),
      ]),
  },
  "kids-table": {
    box: [96, 198, 304, 336],
    draw: (p) =>
      outlined(p, [
        rect(128, 248, 10, 80, p.deep, 3),
        rect(262, 248, 10, 80, p.deep, 3),
        rect(110, 246, 14, 90, p.shade, 4),
        rect(276, 246, 14, 90, p.shade, 4),
        rect(96, 236, 208, 14, p.base, 7),
        polygon([126, 236, 196, 236, 204, 226, 136, 226], "#FFFFFF"),
        rect(244, 214, 22, 22, BOOKS[1]!, 4),
        stroke("M248 214 L244 198 M255 214 L256 196 M262 214 L268 200", BOOKS[0]!, 3),
      ]),
  },
  "toy-box": {
    box: [94, 150, 306, 336],
    draw: (p) =>
      outlined(p, [
        circle(122, 328, 9, METAL),
        circle(278, 328, 9, METAL),
        rect(100, 196, 200, 126, p.base, 10),
        circle(140, 260, 8, p.light),
        circle(260, 290, 8, p.light),
        circle(240, 232, 6, p.light),
        circle(160, 300, 6, p.light),
        rect(176, 222, 48, 14, p.deep, 7),
        circle(150, 166, 18, BOOKS[2]!),
        rect(234, 152, 30, 30, BOOKS[1]!, 4),
        rect(94, 182, 212, 20, p.shade, 8),
      ]),
  },
  "garden-chair": {
    box: [104, 112, 296, 336],
    draw: (p) =>
      `<defs><clipPath id="gc-body"><path d="M110 200 Q110 120 200 116 Q290 120 290 200 L282 320 L118 320 Z"/></clipPath></defs>` +
      outlined(p, [
        rect(126, 316, 10, 20, p.deep, 2),
        rect(264, 316, 10, 20, p.deep, 2),
        path("M110 200 Q110 120 200 116 Q290 120 290 200 L282 320 L118 320 Z", p.base),
        `<g clip-path="url(#gc-body)" stroke="${p.shade}" stroke-width="2">${Array.from({ length: 14 }, (_, i) => `<line x1="100" y1="${128 + i * 14}" x2="300" y2="${128 + i * 14}"/>`).join("")}</g>`,
        rect(140, 146, 120, 84, CUSHION, 20),
        rect(128, 232, 144, 40, CUSHION, 16),
      ]),
  },
  "garden-table": {
    box: [60, 182, 340, 336],
    draw: (p) =>
      `<defs><clipPath id="gt-top"><ellipse cx="200" cy="212" rx="140" ry="30"/></clipPath></defs>` +
      outlined(p, [
        rect(140, 226, 10, 96, p.deep, 2),
        rect(250, 226, 10, 96, p.deep, 2),
        rect(92, 224, 12, 112, p.shade, 2),
        rect(296, 224, 12, 112, p.shade, 2),
        ellipse(200, 222, 140, 30, p.shade),
        ellipse(200, 212, 140, 30, p.base),
        `<g clip-path="url(#gt-top)" stroke="${p.shade}" stroke-width="2">${[-84, -56, -28, 0, 28, 56, 84].map((dx) => `<line x1="${200 + dx}" y1="170" x2="${200 + dx}" y2="260"/>`).join("")}</g>`,
        ellipse(200, 212, 8, 4, p.deep),
      ]),
  },
  lounger: {
    box: [56, 148, 364, 336],
    draw: (p) =>
      outlined(p, [
        rect(70, 284, 12, 52, p.deep, 2),
        rect(262, 284, 12, 46, p.deep, 2),
        polygon([286, 272, 346, 150, 362, 158, 306, 286], p.base),
        rect(56, 268, 250, 18, p.base, 4),
        stroke("M80 277 H290", p.shade, 2),
        rect(62, 252, 232, 16, CUSHION, 8),
        polygon([292, 256, 338, 160, 352, 166, 308, 262], CUSHION),
        circle(290, 324, 12, METAL),
        circle(290, 324, 4, WOOD),
      ]),
  },
};
