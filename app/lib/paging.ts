// Paged lists (the back office's orders, products, requests, reviews and journal; the shop's news
// and a product's reviews): one reading of `?page=` and one way from a total to the rows to read.

/** the highest page an address may ask for: beyond it is junk, not a page */
export const MAX_PAGE = 100_000;

/** `?page=` as a page number, 1 to MAX_PAGE; anything else (missing, junk, 0, 1.5) is the first page. */
export function readPageNumber(raw: string | null | undefined): number {
  if (raw == null || !/^\d{1,6}$/.test(raw)) return 1;
  const n = Number(raw);
  return n >= 1 && n <= MAX_PAGE ? n : 1;
}

export interface PageWindow {
  /** the page shown: the one asked for, or the last there is when it asked beyond */
  page: number;
  /** how many pages there are; at least one, an empty list has one empty page */
  pages: number;
  /** the rows to read for it */
  limit: number;
  offset: number;
}

/** Which rows of `total` the asked page shows, `size` a page. */
export function pageWindow(total: number, asked: number, size: number): PageWindow {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.trunc(asked) || 1), pages);
  return { page, pages, limit: size, offset: (page - 1) * size };
}
