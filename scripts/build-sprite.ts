// Builds public/icons.svg: one sprite of the Lucide icons the site uses, referenced as
// <use href="/icons.svg#name">, so icons load once and are cached.
import fs from "node:fs";
import path from "node:path";

export const ICONS = [
  "search",
  "menu",
  "x",
  "phone",
  "user",
  "heart",
  "scale",
  "arrow-up",
  "chevron-down",
  "chevron-right",
  "chevron-left",
  "layout-grid",
  "list",
  "shopping-cart",
  "truck",
  "shield-check",
  "package",
  "map-pin",
  "clock",
  "mail",
  "star",
  "git-compare",
  "sliders-horizontal",
  "trash-2",
  "undo-2",
  "minus",
  "plus",
  "check",
  "info",
  "triangle-alert",
  "share-2",
  "copy",
  "upload",
  "file",
  "eye",
  "eye-off",
  "log-out",
  "calendar",
] as const;

const root = path.resolve(import.meta.dirname, "..");
const iconsDir = path.join(root, "node_modules/lucide-static/icons");

const symbols = ICONS.map((name) => {
  const svg = fs.readFileSync(path.join(iconsDir, `${name}.svg`), "utf8");
  const inner = svg
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/^[\s\S]*?<svg[^>]*>/, "")
    .replace(/<\/svg>\s*$/, "");
  const body = inner
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join("");
  return `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</symbol>`;
});

// A pressed «В избранное» shows the heart filled: a sprite symbol's own fill cannot be changed from the page's CSS.
const FILLED = ["heart"] as const satisfies readonly (typeof ICONS)[number][];
for (const name of FILLED) {
  const plain = symbols[ICONS.indexOf(name)]!;
  symbols.push(plain.replace(`id="${name}"`, `id="${name}-filled"`).replace('fill="none"', 'fill="currentColor"'));
}

const sprite = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
fs.mkdirSync(path.join(root, "public"), { recursive: true });
fs.writeFileSync(path.join(root, "public/icons.svg"), sprite);
