// The back office's lists count what their filter matches, then read one page of it: one way to
// do both with the same query, so the count and the rows never disagree on the filter.
import type { SelectQueryBuilder } from "kysely";
import { pageWindow, type PageWindow } from "../lib/paging.ts";

/** How many rows `query` (filtered, nothing selected yet) matches, and the window of page `asked`. */
export async function countedPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  asked: number,
  size: number,
): Promise<PageWindow & { total: number }> {
  // Kysely cannot narrow a count selected on a query of any table: the row is `{ n }` all the same
  const row = (await query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst()) as { n: number | string } | undefined;
  const total = Number(row?.n ?? 0);
  return { total, ...pageWindow(total, asked, size) };
}
