// When an order can arrive, counted in Europe/Moscow whatever the server's zone: orders placed
// before the cut-off on a working day are handed over that day, later ones the next working day;
// transit is counted in working days (no weekends, no public holidays); goods «Под заказ» first
// wait their lead time. Days are civil dates kept as UTC midnights (no time-zone drift).
import { plural } from "../../lib/format.ts";
import { shopDay } from "../../lib/shop-calendar.ts";

/** orders confirmed before this hour (Moscow) leave the warehouse the same working day */
export const CUTOFF_HOUR = 14;
const DAY = 86_400_000;

/** Public holidays (MM-DD) on which nothing is delivered; the New Year break matches the site banner. */
const HOLIDAYS = new Set([
  "01-01",
  "01-02",
  "01-03",
  "01-04",
  "01-05",
  "01-06",
  "01-07",
  "01-08",
  "02-23",
  "03-08",
  "05-01",
  "05-09",
  "06-12",
  "11-04",
  "12-31",
]);

export function isWorkingDay(day: number): boolean {
  const d = new Date(day);
  const weekday = d.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !HOLIDAYS.has(`${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`);
}

/** The first working day on or after `day`. */
export function nextWorkingDay(day: number): number {
  let d = day;
  while (!isWorkingDay(d)) d += DAY;
  return d;
}

/** `n` working days after `day` (0: the day itself if it is a working day, else the next one). */
export function addWorkingDays(day: number, n: number): number {
  let d = nextWorkingDay(day);
  for (let i = 0; i < n; i++) d = nextWorkingDay(d + DAY);
  return d;
}

/** The working day an order placed at `now` leaves the warehouse. */
export function dispatchDay(now: number): number {
  const { day, hour } = shopDay(now);
  if (isWorkingDay(day) && hour < CUTOFF_HOUR) return day;
  return nextWorkingDay(day + DAY);
}

export interface DeliveryWindow {
  /** first and last possible day (UTC midnights of Moscow dates) */
  from: number;
  to: number;
}

/**
 * The days an order placed at `now` can arrive: `transit` working days after dispatch (a range);
 * goods out of stock first wait `leadWeeks` (a range of calendar weeks) to reach the warehouse.
 */
export function deliveryWindow(now: number, transit: readonly [number, number], leadWeeks?: readonly [number, number]): DeliveryWindow {
  const dispatch = dispatchDay(now);
  const [leadMin, leadMax] = leadWeeks ?? [0, 0];
  const from = addWorkingDays(nextWorkingDay(dispatch + leadMin * 7 * DAY), Math.max(0, transit[0]));
  const to = addWorkingDays(nextWorkingDay(dispatch + leadMax * 7 * DAY), Math.max(transit[0], transit[1]));
  return { from, to: Math.max(from, to) };
}

const dayMonth = new Intl.DateTimeFormat("ru-RU", { timeZone: "UTC", day: "numeric", month: "long" });
const weekdayShort = new Intl.DateTimeFormat("ru-RU", { timeZone: "UTC", weekday: "short" });

/** «завтра, 26 ноября», «сегодня, 25 ноября» or «пт, 27 ноября», seen from `now`. */
export function formatDeliveryDay(day: number, now: number): string {
  const today = shopDay(now).day;
  const date = dayMonth.format(day);
  if (day === today) return `сегодня, ${date}`;
  if (day === today + DAY) return `завтра, ${date}`;
  return `${weekdayShort.format(day)}, ${date}`;
}

/** «26 ноября», or «26 ноября – 3 декабря» for a range. */
export function formatWindow(w: DeliveryWindow, now: number): string {
  return w.from === w.to ? formatDeliveryDay(w.from, now) : `${dayMonth.format(w.from)} – ${dayMonth.format(w.to)}`;
}

const WEEK_FORMS = ["неделя", "недели", "недель"] as const;

/** «Под заказ, 4–6 недель» */
export function leadTimeText(min: number, max: number): string {
  return min === max ? `${min} ${plural(min, WEEK_FORMS)}` : `${min}–${max} ${plural(max, WEEK_FORMS)}`;
}
