// 16:9 interior scenes for news and galleries, composed from the product drawings so the
// pictures match the catalogue's style.
import { COLOURS } from "./catalog-data.ts";
import { DECOR } from "./shapes-decor.ts";
import { FURNITURE } from "./shapes-furniture.ts";
import { UPHOLSTERED } from "./shapes-upholstered.ts";
import { FLOOR_Y, GLASS, LEAF, circle, floorShadow, paintOf, rect, stroke } from "./svg.ts";

const W = 1600;
const H = 900;
const FLOOR = 740;
const SHAPES = { ...FURNITURE, ...UPHOLSTERED, ...DECOR };

/** The home page's hero picture (/media/news/home-hero). */
export const HOME_HERO_SCENE = "home-hero";

/** Draws a catalogue shape centred at x, its floor line at `floorY`, scaled by s. */
function place(shape: string, colour: string, x: number, s: number, floorY = FLOOR, look = 0): string {
  const def = SHAPES[shape];
  const hex = COLOURS[colour]?.hex;
  if (!def || !hex) throw new Error(`scene uses unknown ${shape}/${colour}`);
  const [x0, , x1] = def.box;
  const shadow = def.floor === false ? "" : floorShadow((x1 - x0) / 2 + 8);
  return `<g transform="translate(${x - 200 * s} ${floorY - FLOOR_Y * s}) scale(${s})">${shadow}${def.draw(paintOf(hex), look)}</g>`;
}

/** A pendant lamp hanging from the ceiling (its drawing starts 40 units below the canopy). */
const hang = (colour: string, x: number, s: number, drop: number) =>
  `<g transform="translate(0 ${drop})">${place("pendant-lamp", colour, x, s, FLOOR_Y * s - 40 * s)}</g>`;

function room(wall: string, floor: string, extras = ""): string {
  const planks = Array.from({ length: 9 }, (_, i) => stroke(`M${i * 200 - 60} ${H} L${i * 200 + 40} ${FLOOR}`, "#000000", 2, ` opacity="0.06"`)).join("");
  return (
    rect(0, 0, W, H, wall) + extras + rect(0, FLOOR, W, H - FLOOR, floor) + planks + rect(0, FLOOR - 14, W, 14, "#FFFFFF") + rect(0, FLOOR - 2, W, 2, "#D9D2C7")
  );
}

function windowAt(x: number, y: number, w: number, h: number): string {
  return (
    rect(x - 12, y - 12, w + 24, h + 24, "#FFFFFF", 4) +
    rect(x, y, w, h, GLASS) +
    rect(x + w / 2 - 6, y, 12, h, "#FFFFFF") +
    rect(x, y + h * 0.4, w, 10, "#FFFFFF") +
    circle(x + w * 0.75, y + h * 0.2, 26, "#FFF3D6")
  );
}

function pictureAt(x: number, y: number, w: number, h: number, accent: string): string {
  return (
    rect(x - 10, y - 10, w + 20, h + 20, "#3B3936", 2) +
    rect(x, y, w, h, "#F7F2EA") +
    circle(x + w * 0.38, y + h * 0.45, Math.min(w, h) * 0.24, accent) +
    rect(x + w * 0.5, y + h * 0.5, w * 0.32, h * 0.3, "#D6C1A1")
  );
}

const SCENES: Record<string, () => string> = {
  // a warm living room in the brand's green and terracotta
  [HOME_HERO_SCENE]: () =>
    room("#EDE4D8", "#C9A37A", windowAt(110, 150, 320, 400) + pictureAt(760, 170, 200, 140, "#B4623F") + pictureAt(1010, 200, 130, 110, "#677F5C")) +
    place("rug", "beige", 900, 1.8, 910) +
    place("planter", "green", 520, 1.3) +
    place("sofa", "green", 930, 1.75, FLOOR, 2) +
    place("armchair", "terracotta", 1420, 1.25, 800, 1) +
    place("coffee-table", "walnut", 930, 1.3, 870) +
    place("floor-lamp", "black", 260, 1.5),
  "living-room": () =>
    room("#E8DFD2", "#CDAA80", windowAt(120, 170, 300, 380) + pictureAt(980, 190, 260, 180, "#B4623F")) +
    place("rug", "beige", 820, 2.2, 880) +
    place("floor-lamp", "black", 420, 1.45) +
    place("sofa", "green", 800, 1.6) +
    place("armchair", "mustard", 1290, 1.3, 780) +
    place("coffee-table", "oak", 820, 1.35, 850) +
    place("planter", "terracotta", 1490, 1.1),
  bedroom: () =>
    room("#DCE3DF", "#D4B891", pictureAt(690, 120, 220, 150, "#677F5C")) +
    place("curtain", "milk", 1430, 1.1, 700) +
    place("rug", "grey", 800, 2.3, 895) +
    place("nightstand", "oak", 400, 1.3) +
    place("table-lamp", "white", 390, 0.75, FLOOR - 172) +
    place("nightstand", "oak", 1200, 1.3) +
    place("table-lamp", "white", 1190, 0.75, FLOOR - 172) +
    place("bed", "grey", 800, 1.9, 800),
  "dining-room": () =>
    room("#EFE6DA", "#C49A6C", windowAt(1180, 160, 280, 360)) +
    hang("black", 660, 0.9, 0) +
    hang("black", 940, 0.9, 0) +
    place("chair", "black", 420, 1.4) +
    place("chair", "black", 1180, 1.4) +
    place("dining-table", "walnut", 800, 1.7, 790) +
    place("vase", "white", 800, 0.55, 790 - (FLOOR_Y - 196) * 1.7),
  "kids-room": () =>
    room("#F1E4E0", "#D8BE98", windowAt(1140, 170, 260, 320) + pictureAt(180, 180, 180, 140, "#3F5A7A")) +
    place("rug", "blue", 760, 2.1, 880) +
    place("kids-bed", "pink", 560, 1.6) +
    place("toy-box", "green", 1010, 1.05, 790) +
    place("kids-table", "white", 1300, 1.3, 820),
  "home-office": () =>
    room("#E4E6E2", "#C9A373", windowAt(140, 160, 280, 380)) +
    place("bookcase", "white", 1320, 1.75) +
    place("desk", "oak", 820, 1.65) +
    place("office-chair", "black", 760, 1.35, 830) +
    place("planter", "white", 520, 1.1),
  "garden-terrace": () =>
    rect(0, 0, W, H, "#DCEBF0") +
    circle(1320, 150, 60, "#FFF3D6") +
    rect(0, 470, W, 290, "#7D9A6A") +
    Array.from({ length: 17 }, (_, i) => circle(i * 100, 480, 60, i % 2 ? LEAF : "#86A373")).join("") +
    rect(0, FLOOR, W, H - FLOOR, "#B08A63") +
    Array.from({ length: 16 }, (_, i) => rect(0, FLOOR + i * 10, W, 2, "#9A7652")).join("") +
    place("lounger", "white", 1250, 1.5) +
    place("garden-chair", "beige", 430, 1.3) +
    place("garden-table", "brown", 760, 1.5, 800) +
    place("garden-chair", "beige", 1010, 1.2, 760),
  showroom: () =>
    room("#F0EBE4", "#D8D3CB", windowAt(80, 110, 420, 470) + windowAt(560, 110, 420, 470) + windowAt(1040, 110, 420, 470)) +
    hang("white", 400, 0.7, 0) +
    hang("white", 800, 0.7, 0) +
    hang("white", 1200, 0.7, 0) +
    place("sofa", "terracotta", 380, 1.15) +
    place("corner-sofa", "grey", 1120, 1.3, 760) +
    place("sofa", "blue", 560, 1.25, 860) +
    place("armchair", "beige", 1440, 1.1, 880),
  textile: () =>
    room("#EAE0D3", "#CFAF88") +
    place("curtain", "beige", 420, 1.75, 760) +
    place("curtain", "green", 1180, 1.75, 760) +
    place("bench", "pink", 800, 1.6) +
    place("cushion", "mustard", 700, 0.6, FLOOR - 100 * 1.6 + 4) +
    place("cushion", "terracotta", 880, 0.6, FLOOR - 100 * 1.6 + 4) +
    place("throw", "grey", 800, 1.3, 880),
  storage: () =>
    room("#E6E1DA", "#C9A373") +
    place("wardrobe", "oak", 420, 1.6) +
    place("dresser", "white", 1040, 1.6) +
    place("mirror", "black", 1040, 0.95, 380) +
    place("vase", "terracotta", 900, 0.55, FLOOR - 176 * 1.6 + 4) +
    place("planter", "grey", 1400, 1.2),
  lighting: () =>
    room("#E9E2D8", "#C49A6C") +
    hang("mustard", 500, 0.9, 20) +
    hang("black", 800, 0.9, 0) +
    hang("white", 1100, 0.9, 30) +
    place("floor-lamp", "beige", 260, 1.6) +
    place("dresser", "walnut", 1030, 1.5) +
    place("table-lamp", "green", 1110, 0.75, FLOOR - 176 * 1.5 + 4) +
    place("armchair", "grey", 560, 1.25, 800),
};

export function sceneSvg(key: string): string {
  const draw = SCENES[key];
  if (!draw) throw new Error(`unknown scene "${key}"`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${draw()}</svg>`;
}
