// Map tiles: OpenStreetMap unless MAP_TILE_URL names another Leaflet tile template. The page
// needs the tile host in its Content-Security-Policy (img-src), derived from the same URL.
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">Участники OpenStreetMap</a>';

/** True for a usable http(s) Leaflet tile template (`https://{s}.host/{z}/{x}/{y}.png`). */
export function isTileUrlTemplate(url: string): boolean {
  return /^https?:\/\/[^/\s]+\/\S*\{z\}\S*$/.test(url);
}

/** CSP source for the tile host: `{s}` subdomains become a wildcard. */
export function tileCspSource(template: string): string | null {
  const m = /^(https?:\/\/)([^/]+)/.exec(template);
  if (!m) return null;
  return m[1]! + m[2]!.replace(/\{s\}/g, "*");
}
