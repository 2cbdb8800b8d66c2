// Sofas, armchairs and beds drawn from parts, so models differ by more than their colour: each
// model gets one of a few looks (legs, arms, back, cushions, throw pillows; a bed's headboard).
// The look comes from the model name (images.ts), so a model looks the same in every colour.
import { BRASS, LINEN, METAL, WOOD, circle, ellipse, outlined, polygon, rect, stroke, type Paint, type ShapeDef } from "./svg.ts";

type Legs = "wood" | "metal" | "plinth" | "bun";
type Arms = "square" | "round" | "slim" | "low";
type Back = "cushions" | "tufted" | "high" | "low";

interface Look {
  legs: Legs;
  arms: Arms;
  back: Back;
  seats: 2 | 3;
  pillows: boolean;
}

/** Curated combinations (not a free product of the options): each one reads as its own model. */
const LOOKS: readonly Look[] = [
  { legs: "wood", arms: "square", back: "cushions", seats: 2, pillows: false },
  { legs: "metal", arms: "slim", back: "tufted", seats: 3, pillows: false },
  { legs: "plinth", arms: "round", back: "high", seats: 3, pillows: true },
  { legs: "bun", arms: "low", back: "low", seats: 2, pillows: true },
  { legs: "wood", arms: "round", back: "tufted", seats: 2, pillows: false },
  { legs: "metal", arms: "square", back: "cushions", seats: 3, pillows: true },
];
export const LOOK_COUNT = LOOKS.length;

const lookOf = (variant: number) => LOOKS[((variant % LOOKS.length) + LOOKS.length) % LOOKS.length] as Look;

const LEG_HEIGHT: Record<Legs, number> = { wood: 24, metal: 30, bun: 14, plinth: 6 };

/** Legs (or a plinth) under a body spanning x0..x1 whose bottom is `top`. */
function legsUnder(legs: Legs, x0: number, x1: number, top: number): string {
  const floor = 336;
  switch (legs) {
    case "wood":
      return [x0 + 18, x1 - 18].map((x) => polygon([x - 6, top, x + 6, top, x + 3, floor, x - 3, floor], WOOD)).join("");
    case "metal":
      return stroke(`M${x0 + 22} ${top} L${x0 + 12} ${floor} M${x1 - 22} ${top} L${x1 - 12} ${floor}`, METAL, 4) + rect(x0 + 8, floor - 2, 8, 2, BRASS);
    case "bun":
      return [x0 + 20, x1 - 20].map((x) => ellipse(x, top + 7, 10, 7, WOOD)).join("");
    case "plinth":
      return rect(x0 + 6, top, x1 - x0 - 12, floor - top, METAL, 2);
  }
}

function arm(kind: Arms, x: number, side: "left" | "right", seatTop: number, bottom: number, p: Paint): string {
  const width = kind === "slim" ? 24 : 46;
  const left = side === "left" ? x : x - width;
  switch (kind) {
    case "round":
      return rect(left, seatTop - 58, width, bottom - seatTop + 58, p.base, 23) + ellipse(left + width / 2, seatTop - 50, width / 2 - 4, 8, p.light);
    case "low":
      return rect(left, seatTop - 22, width, bottom - seatTop + 22, p.base, 14);
    case "slim":
      return rect(left, seatTop - 44, width, bottom - seatTop + 44, p.shade, 8);
    case "square":
      return rect(left, seatTop - 48, width, bottom - seatTop + 48, p.base, 10);
  }
}

const pillow = (cx: number, cy: number, s: number, deg: number, fill: string) =>
  `<g transform="rotate(${deg} ${cx} ${cy})">${rect(cx - s / 2, cy - s / 2, s, s, fill, 10)}</g>`;

/** The seat and back of a sofa-like piece between x0 and x1; `seats` cushions across. */
function upholsteredBody(look: Look, p: Paint, x0: number, x1: number, seats: number, rightArm = true): string {
  const legH = LEG_HEIGHT[look.legs];
  const bottom = 336 - legH;
  const seatTop = bottom - 62;
  const armW = look.arms === "slim" ? 24 : 46;
  const inner0 = x0 + armW - 4;
  const inner1 = rightArm ? x1 - armW + 4 : x1 - 14;
  const backTop = look.back === "high" ? seatTop - 126 : look.back === "low" ? seatTop - 72 : seatTop - 100;
  const parts: string[] = [legsUnder(look.legs, x0, x1, bottom)];
  parts.push(rect(x0 + 14, backTop, x1 - x0 - 28, seatTop - backTop + 24, p.shade, look.back === "high" ? 30 : 20));
  const cell = (inner1 - inner0) / seats;
  if (look.back === "tufted") {
    for (let r = 0; r < 2; r++)
      for (let c = 0; c < seats * 2 + 1; c++) {
        const x = inner0 + 8 + ((inner1 - inner0 - 16) * c) / (seats * 2);
        parts.push(circle(x, backTop + 26 + r * 30 + (c % 2) * 15, 2.5, p.deep));
      }
  } else {
    for (let i = 0; i < seats; i++) parts.push(rect(inner0 + i * cell + 6, backTop + 14, cell - 12, seatTop - backTop - 6, p.base, 16));
  }
  parts.push(rect(x0 + 10, seatTop + 10, x1 - x0 - 20, bottom - seatTop - 10, p.shade, 12));
  for (let i = 0; i < seats; i++) parts.push(rect(inner0 + i * cell + 4, seatTop - 8, cell - 8, 34, p.light, 12));
  parts.push(arm(look.arms, x0, "left", seatTop, bottom, p));
  if (rightArm) parts.push(arm(look.arms, x1, "right", seatTop, bottom, p));
  if (look.pillows) parts.push(pillow(inner0 + 30, seatTop - 26, 44, -10, LINEN), pillow(inner1 - 30, seatTop - 26, 44, 10, LINEN));
  return parts.join("");
}

function headboard(variant: number, p: Paint, x0: number, x1: number, top: number, bottom: number): string {
  switch (variant % 4) {
    case 0: // upholstered panel with vertical channels
      return (
        rect(x0, top, x1 - x0, bottom - top, p.base, 26) +
        stroke(Array.from({ length: 5 }, (_, i) => `M${x0 + ((i + 1) * (x1 - x0)) / 6} ${top + 14} V${bottom - 20}`).join(" "), p.shade, 3)
      );
    case 1: // buttoned, square
      return (
        rect(x0, top + 16, x1 - x0, bottom - top - 16, p.base, 6) +
        Array.from({ length: 14 }, (_, i) => circle(x0 + 26 + (i % 7) * ((x1 - x0 - 52) / 6), top + 44 + Math.floor(i / 7) * 34, 3, p.deep)).join("")
      );
    case 2: // arched
      return `<path d="M${x0} ${bottom} V${top + 60} Q${(x0 + x1) / 2} ${top - 30} ${x1} ${top + 60} V${bottom} Z" fill="${p.base}"/>`;
    default: // wooden frame with a padded insert
      return rect(x0, top + 10, x1 - x0, bottom - top - 10, WOOD, 4) + rect(x0 + 16, top + 26, x1 - x0 - 32, bottom - top - 50, p.base, 12);
  }
}

export const UPHOLSTERED: Record<string, ShapeDef> = {
  sofa: {
    box: [46, 120, 354, 336],
    variants: LOOK_COUNT,
    draw: (p, v = 0) => {
      const look = lookOf(v);
      return outlined(p, [upholsteredBody(look, p, 46, 354, look.seats)]);
    },
  },
  "corner-sofa": {
    box: [30, 120, 366, 336],
    variants: LOOK_COUNT,
    draw: (p, v = 0) => {
      const look = lookOf(v);
      const bottom = 336 - LEG_HEIGHT[look.legs];
      // the chaise comes towards the viewer: a lighter top face over a lower front block
      return outlined(p, [
        upholsteredBody(look, p, 30, 330, look.seats, false),
        legsUnder(look.legs, 236, 366, bottom),
        polygon([246, bottom - 78, 352, bottom - 78, 366, bottom - 50, 234, bottom - 50], p.light),
        rect(234, bottom - 54, 132, 54, p.base, 12),
      ]);
    },
  },
  armchair: {
    box: [96, 90, 304, 336],
    variants: LOOK_COUNT,
    draw: (p, v = 0) => outlined(p, [upholsteredBody(lookOf(v), p, 96, 304, 1)]),
  },
  bed: {
    box: [50, 110, 350, 336],
    variants: 4,
    draw: (p, v = 0) => {
      const legs: Legs = (["wood", "plinth", "metal", "bun"] as const)[v % 4]!;
      const bottom = 336 - LEG_HEIGHT[legs];
      return outlined(p, [
        legsUnder(legs, 56, 344, bottom),
        headboard(v, p, 64, 336, 110 + (v % 2) * 24, 250),
        rect(88, 196, 100, 44, LINEN, 18),
        rect(212, 196, 100, 44, LINEN, 18),
        rect(56, 234, 288, 40, LINEN, 10),
        rect(56, 250, 288, 22, p.light, 8),
        rect(50, 268, 300, bottom - 268, p.shade, 12),
      ]);
    },
  },
};
