// Flat front views of furniture (see svg.ts for the shared canvas). Each function returns the
// parts of one object in its paint; legs and fittings keep their own material colours.
import { BOOKS, LINEN, METAL, WOOD, circle, ellipse, outlined, polygon, rect, stroke, type ShapeDef } from "./svg.ts";

const twoLegs = (x0: number, x1: number, top: number, w = 10, fill = WOOD) => rect(x0, top, w, 336 - top, fill, 2) + rect(x1 - w, top, w, 336 - top, fill, 2);

export const FURNITURE: Record<string, ShapeDef> = {
  pouf: {
    box: [124, 234, 276, 336],
    draw: (p) =>
      outlined(p, [
        ellipse(200, 318, 76, 18, p.shade),
        rect(124, 252, 152, 66, p.base),
        ellipse(200, 252, 76, 18, p.light),
        circle(200, 252, 3, p.deep),
        circle(170, 248, 3, p.deep),
        circle(230, 256, 3, p.deep),
        stroke("M126 300 Q200 314 274 300", p.shade, 2),
      ]),
  },
  bench: {
    box: [66, 236, 334, 336],
    draw: (p) =>
      outlined(p, [
        twoLegs(84, 316, 276, 10),
        rect(96, 282, 8, 50, WOOD, 2),
        rect(296, 282, 8, 50, WOOD, 2),
        rect(72, 272, 256, 10, WOOD, 2),
        rect(66, 236, 268, 40, p.base, 16),
        rect(80, 240, 240, 10, p.light, 5),
      ]),
  },
  "dining-table": {
    box: [44, 196, 356, 336],
    draw: (p) =>
      outlined(p, [
        rect(98, 212, 12, 112, p.deep, 2),
        rect(290, 212, 12, 112, p.deep, 2),
        rect(64, 210, 272, 22, p.shade, 2),
        rect(72, 212, 16, 124, p.shade, 2),
        rect(312, 212, 16, 124, p.shade, 2),
        rect(44, 196, 312, 16, p.base, 4),
        rect(48, 197, 304, 4, p.light, 2),
      ]),
  },
  "coffee-table": {
    box: [70, 228, 330, 336],
    draw: (p) =>
      outlined(p, [
        rect(104, 268, 10, 60, p.deep, 2),
        rect(286, 268, 10, 60, p.deep, 2),
        rect(86, 298, 228, 8, p.shade, 2),
        rect(82, 266, 12, 70, p.shade, 2),
        rect(306, 266, 12, 70, p.shade, 2),
        rect(70, 254, 260, 14, p.base, 4),
        rect(112, 244, 52, 10, BOOKS[1]!, 2),
        rect(118, 234, 42, 10, BOOKS[4]!, 2),
        rect(258, 236, 20, 18, LINEN, 4),
      ]),
  },
  chair: {
    box: [130, 106, 270, 336],
    draw: (p) =>
      outlined(p, [
        rect(150, 252, 9, 78, p.deep, 2),
        rect(241, 252, 9, 78, p.deep, 2),
        rect(148, 150, 9, 100, p.shade, 2),
        rect(243, 150, 9, 100, p.shade, 2),
        rect(144, 106, 112, 70, p.base, 20),
        polygon([138, 234, 262, 234, 270, 252, 130, 252], p.light),
        rect(130, 250, 140, 14, p.base, 3),
        rect(136, 262, 12, 74, p.shade, 2),
        rect(252, 262, 12, 74, p.shade, 2),
      ]),
  },
  "bar-stool": {
    box: [138, 96, 262, 336],
    draw: (p) =>
      outlined(p, [
        stroke("M168 166 L150 334 M232 166 L250 334 M186 168 L180 326 M214 168 L220 326", p.deep, 8),
        ellipse(200, 270, 44, 9, "none", ` stroke="${p.deep}" stroke-width="6"`),
        rect(150, 96, 100, 40, p.base, 14),
        rect(194, 134, 12, 20, p.deep, 2),
        rect(138, 150, 124, 18, p.shade, 8),
        ellipse(200, 150, 62, 12, p.light),
      ]),
  },
  wardrobe: {
    box: [90, 50, 310, 336],
    draw: (p) =>
      outlined(p, [
        rect(104, 318, 192, 18, p.deep, 2),
        rect(96, 58, 208, 262, p.base, 4),
        rect(106, 70, 90, 238, p.light, 3),
        rect(204, 70, 90, 238, p.light, 3),
        rect(186, 166, 5, 44, METAL, 2),
        rect(209, 166, 5, 44, METAL, 2),
        rect(90, 50, 220, 12, p.shade, 2),
      ]),
  },
  dresser: {
    box: [64, 160, 336, 336],
    draw: (p) =>
      outlined(p, [
        twoLegs(86, 314, 306),
        rect(72, 168, 256, 140, p.base, 4),
        ...[182, 224, 266].map((y) => rect(84, y, 232, 36, p.light, 3) + rect(180, y + 15, 40, 6, METAL, 3)),
        rect(64, 160, 272, 12, p.shade, 3),
      ]),
  },
  bookcase: {
    box: [108, 56, 292, 336],
    draw: (p) =>
      outlined(p, [
        rect(118, 66, 164, 262, p.light),
        // books and a little vase give the empty frame scale
        ...[0, 1, 2, 3, 4].map((i) => rect(128 + i * 14, 134 - 40 + (i % 2) * 6, 12, 40 - (i % 2) * 6, BOOKS[i]!, 1)),
        ...[0, 1, 2].map((i) => rect(210 + i * 16, 202 - 44 + i * 4, 14, 44 - i * 4, BOOKS[(i + 3) % 6]!, 1)),
        ellipse(160, 244, 16, 18, LINEN),
        ...[0, 1, 2, 3].map((i) => rect(220 + i * 13, 270 - 38, 11, 38, BOOKS[(i + 1) % 6]!, 1)),
        rect(108, 56, 184, 12, p.base),
        rect(108, 56, 12, 280, p.base),
        rect(280, 56, 12, 280, p.base),
        rect(118, 134, 164, 10, p.base),
        rect(118, 202, 164, 10, p.base),
        rect(118, 270, 164, 10, p.base),
        rect(118, 322, 164, 14, p.shade),
      ]),
  },
  "tv-stand": {
    box: [42, 210, 358, 336],
    draw: (p) =>
      outlined(p, [
        twoLegs(62, 338, 310),
        rect(48, 236, 304, 76, p.base, 4),
        rect(58, 248, 92, 54, p.light, 3),
        rect(250, 248, 92, 54, p.light, 3),
        rect(158, 248, 84, 54, p.deep, 3),
        rect(176, 266, 48, 36, METAL, 3),
        rect(42, 228, 316, 12, p.shade, 3),
        rect(80, 210, 26, 18, BOOKS[0]!, 3),
        rect(280, 216, 52, 12, BOOKS[1]!, 2),
      ]),
  },
  mattress: {
    box: [40, 226, 360, 336],
    draw: (p) =>
      outlined(p, [
        polygon([66, 226, 334, 226, 360, 250, 40, 250], LINEN),
        rect(40, 250, 320, 80, "#FFFFFF", 10),
        rect(40, 250, 320, 12, p.shade, 6),
        rect(40, 318, 320, 12, p.shade, 6),
        stroke("M60 262 L90 318 L120 262 L150 318 L180 262 L210 318 L240 262 L270 318 L300 262 L330 318", p.shade, 1.5, ` stroke-dasharray="4 4"`),
        rect(40, 330, 320, 6, p.deep, 3),
      ]),
  },
  nightstand: {
    box: [134, 204, 266, 336],
    draw: (p) =>
      outlined(p, [
        twoLegs(146, 254, 310, 9),
        rect(140, 212, 120, 100, p.base, 4),
        rect(150, 224, 100, 34, p.light, 3),
        rect(184, 238, 32, 6, METAL, 3),
        rect(150, 266, 100, 38, p.deep, 3),
        rect(162, 290, 56, 10, BOOKS[3]!, 2),
        rect(134, 204, 132, 12, p.shade, 3),
        circle(236, 190, 14, LINEN),
      ]),
  },
  desk: {
    box: [46, 146, 354, 336],
    draw: (p) =>
      outlined(p, [
        rect(58, 204, 14, 132, p.shade, 2),
        rect(246, 204, 96, 132, p.shade, 2),
        ...[214, 256, 298].map((y) => rect(254, y, 80, 34, p.light, 3) + rect(280, y + 14, 28, 6, METAL, 3)),
        rect(46, 190, 308, 14, p.base, 3),
        rect(108, 146, 84, 40, METAL, 4),
        rect(98, 184, 104, 6, "#8A8680", 2),
      ]),
  },
  "office-chair": {
    box: [110, 86, 290, 336],
    draw: (p) =>
      outlined(p, [
        stroke("M200 314 L124 326 M200 314 L276 326 M200 314 L164 332 M200 314 L236 332", METAL, 9),
        circle(124, 330, 6, METAL),
        circle(276, 330, 6, METAL),
        circle(164, 334, 5, METAL),
        circle(236, 334, 5, METAL),
        rect(194, 262, 12, 52, METAL, 3),
        rect(146, 86, 108, 150, p.base, 30),
        rect(160, 176, 80, 22, p.shade, 10),
        rect(118, 212, 12, 40, METAL, 3),
        rect(270, 212, 12, 40, METAL, 3),
        rect(110, 204, 32, 10, p.deep, 4),
        rect(258, 204, 32, 10, p.deep, 4),
        rect(130, 236, 140, 32, p.light, 14),
      ]),
  },
};
