// A showroom's map point as staff type it (degrees, a comma or a point) and as the map picker
// writes it back: five decimals, about a metre: what a street address needs, and what the
// columns keep (PostgreSQL's \`real\` holds about seven significant digits).

export interface MapPoint {
  lat: number;
  lon: number;
}

/** The typed latitude and longitude as a point, or null while either is not a number in range. */
export function parseMapPoint(lat: string, lon: string): MapPoint | null {
  const read = (s: string) => (s.trim() === "" ? NaN : Number(s.trim().replace(",", ".")));
  const point = { lat: read(lat), lon: read(lon) };
  return Number.isFinite(point.lat) && Number.isFinite(point.lon) && Math.abs(point.lat) <= 90 && Math.abs(point.lon) <= 180 ? point : null;
}

/** A degree value for the form's field: five decimals at most, no trailing zeros. */
export function formatDegrees(value: number): string {
  return String(Number(value.toFixed(5)));
}

/** Arrow keys move a focused marker: screen pixels for each key (the map turns them into degrees). */
export const ARROW_STEPS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [0, -10],
  ArrowDown: [0, 10],
  ArrowLeft: [-10, 0],
  ArrowRight: [10, 0],
};

/** A point picked on the map, kept within the world (Leaflet lets a map wrap past ±180°). */
export function wrapPoint(point: MapPoint): MapPoint {
  const lon = Math.abs(point.lon) <= 180 ? point.lon : ((((point.lon + 180) % 360) + 360) % 360) - 180;
  return { lat: Math.max(-90, Math.min(90, point.lat)), lon };
}
