// The back office's front page (/admin/): what needs a look today. Each figure leads to its list.
import type { Db } from "../../db/database.server.ts";
import { shopPeriods } from "../../lib/shop-calendar.ts";
import { countNewRequests } from "../requests/index.server.ts";
import { countWaitingReviews } from "../reviews/index.server.ts";

/** a product with this many units or fewer counts as running low */
export const LOW_STOCK = 2;

export interface Dashboard {
  today: { count: number; sum: number };
  week: { count: number; sum: number };
  newRequests: number;
  waitingReviews: number;
  lowStock: number;
}

async function ordersSince(db: Db, since: number): Promise<{ count: number; sum: number }> {
  const row = await db.kysely
    .selectFrom("orders")
    .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.sum<number | string | null>("total").as("sum")])
    .where("created_at", ">=", since)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), sum: Number(row?.sum ?? 0) };
}

export async function loadDashboard(db: Db, now = Date.now()): Promise<Dashboard> {
  const { todayStart, weekStart } = shopPeriods(now);
  const [today, week, newRequests, waitingReviews, low] = await Promise.all([
    ordersSince(db, todayStart),
    ordersSince(db, weekStart),
    countNewRequests(db),
    countWaitingReviews(db),
    db.kysely
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("stock", "<=", LOW_STOCK)
      .executeTakeFirst(),
  ]);
  return { today, week, newRequests, waitingReviews, lowStock: Number(low?.n ?? 0) };
}
