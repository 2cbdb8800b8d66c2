// The reviews tab's address: ?sort=new|high|low|helpful, ?stars=1..5, ?page=N. Anything else is
// ignored (the defaults), so a hand-made or hostile address never fails.
import { readPageNumber } from "../../lib/paging.ts";

export const REVIEW_SORTS = [
  { id: "new", title: "Сначала новые" },
  { id: "high", title: "Сначала с высокой оценкой" },
  { id: "low", title: "Сначала с низкой оценкой" },
  { id: "helpful", title: "Сначала полезные" },
] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number]["id"];
export const REVIEWS_PER_PAGE = 10;

export interface ReviewQuery {
  sort: ReviewSort;
  /** only reviews with these stars; null for all */
  stars: number | null;
  page: number;
}

export const DEFAULT_REVIEW_QUERY: ReviewQuery = { sort: "new", stars: null, page: 1 };

export function parseReviewQuery(params: URLSearchParams): ReviewQuery {
  const sort = REVIEW_SORTS.find((s) => s.id === params.get("sort"))?.id ?? "new";
  const starsRaw = params.get("stars");
  const stars = starsRaw !== null && /^[1-5]$/.test(starsRaw) ? Number(starsRaw) : null;
  return { sort, stars, page: readPageNumber(params.get("page")) };
}

/** The query string for a review list state (defaults left out), with a leading «?» or empty. */
export function reviewQueryString(q: ReviewQuery): string {
  const params = new URLSearchParams();
  if (q.sort !== "new") params.set("sort", q.sort);
  if (q.stars !== null) params.set("stars", String(q.stars));
  if (q.page > 1) params.set("page", String(q.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
