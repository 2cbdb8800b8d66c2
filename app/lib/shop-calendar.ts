// The shop's calendar: «today», a day's first instant, the date and time written on documents and
// the back office's periods are all counted in the shop's time zone (Moscow), whatever the server's
// zone is. Every such question goes through here, so a day turns at the same instant everywhere
// (docs/architecture.md, «Shared mechanics»). Dates are ISO strings "YYYY-MM-DD"; instants are ms.

export const SHOP_TIME_ZONE = "Europe/Moscow";

const DAY_MS = 86_400_000;

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTime(ms: number): WallTime {
  const parts: Record<string, string> = {};
  for (const p of wallClock.formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** How far the shop's clock is ahead of UTC at an instant, in ms (Moscow: +3 h all year since 2014). */
export function shopUtcOffset(ms: number): number {
  const w = wallTime(ms);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/** The shop's calendar date of an instant: "2026-11-25". */
export function shopToday(ms: number): string {
  const w = wallTime(ms);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The shop's date and wall-clock time of an instant: { date: "2026-11-25", time: "10:15:00" }. */
export function shopDateTime(ms: number): { date: string; time: string } {
  const w = wallTime(ms);
  return { date: `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` };
}

/** The shop's date of an instant as a UTC midnight (for day arithmetic without zone drift), and its hour. */
export function shopDay(ms: number): { day: number; hour: number } {
  const w = wallTime(ms);
  return { day: Date.UTC(w.year, w.month - 1, w.day), hour: w.hour };
}

/** The first instant of a shop calendar date ("2026-11-25" → 2026-11-24T21:00Z in Moscow); NaN for no date. */
export function shopDayStart(date: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(midnightUtc)) return NaN;
  return midnightUtc - shopUtcOffset(midnightUtc);
}

/** The instants today and this week (from Monday) began on the shop's calendar. */
export function shopPeriods(now: number): { todayStart: number; weekStart: number } {
  const todayStart = shopDayStart(shopToday(now));
  const sinceMonday = (new Date(shopDay(now).day).getUTCDay() + 6) % 7;
  return { todayStart, weekStart: todayStart - sinceMonday * DAY_MS };
}

/** RFC 3339 in the shop's zone, to the minute: "2026-11-25T08:30+03:00". */
export function shopRfc3339(ms: number): string {
  const { date, time } = shopDateTime(ms);
  const offset = shopUtcOffset(ms) / 60_000;
  const sign = offset < 0 ? "-" : "+";
  return `${date}T${time.slice(0, 5)}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** A file-name-safe stamp of the shop's wall clock: "2026-11-25_10-15-00". */
export function shopFileStamp(ms: number): string {
  const { date, time } = shopDateTime(ms);
  return `${date}_${time.replaceAll(":", "-")}`;
}
