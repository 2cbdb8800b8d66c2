// The back office counts «today» and «this week» in the shop's time zone, whatever the server's.
import { moscowDay } from "./delivery-date.ts";

const DAY = 24 * 60 * 60 * 1000;
// Moscow has kept UTC+3 all year since 2014
const MOSCOW_OFFSET = 3 * 60 * 60 * 1000;

/** The instants today (Moscow) and this week (from Monday, Moscow) began. */
export function moscowPeriods(now: number): { todayStart: number; weekStart: number } {
  const { day } = moscowDay(now);
  const todayStart = day - MOSCOW_OFFSET;
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return { todayStart, weekStart: todayStart - sinceMonday * DAY };
}
