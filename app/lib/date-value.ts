// Date values (docs/behaviour.md «Widgets and timing») travel as «Y-m-d H:i» (24-hour), or «Y-m-d»
// without time.
interface DateLike {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
}

const two = (n: number) => String(n).padStart(2, "0");

export function formatYmdHi(d: DateLike, withTime = d.hour !== undefined): string {
  const date = `${String(d.year).padStart(4, "0")}-${two(d.month)}-${two(d.day)}`;
  return withTime ? `${date} ${two(d.hour ?? 0)}:${two(d.minute ?? 0)}` : date;
}

/** «Y-m-d H:i» or «Y-m-d» → parts; null when it is not a real date and time. */
export function parseYmdHi(text: string): Required<DateLike> | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x))) as number[];
  const d = new Date(Date.UTC(year!, month! - 1, day!, hour, minute));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month! - 1 || d.getUTCDate() !== day || hour! > 23 || minute! > 59) return null;
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute! };
}

/** The hour snapped down to the picker's hour step (1 = every hour). */
export function snapHour(hour: number, step: number): number {
  return step > 1 ? hour - (hour % step) : hour;
}
