// The back office's review moderation («Отзывы»): a queue of reviews waiting for a decision,
// «Опубликовать», «Отклонить» with a reason, and «Скрыть» for a published one. The storefront
// reads only `approved`; every rating a product shows is one of its approved reviews (decision
// 068), so each decision recomputes the product's rating and rating_count from them in the same
// transaction, with its audit entry (docs/decisions/072-requests-and-review-moderation.md).
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import type { ReviewPhotoView } from "../product/index.ts";
import type { ModerationItem } from "./moderation-types.ts";
import { parseJsonList } from "../../lib/json-columns.ts";
import { displayRating } from "../../lib/rating.ts";
import { REVIEW_STATES, reviewState, type ReviewState } from "./review-moderation.ts";
import { readPageNumber } from "../../lib/paging.ts";
import { countedPage } from "../../db/counted-page.ts";

export const MODERATION_PER_PAGE = 20;
export const REJECT_REASON_MAX = 500;

export const REVIEW_MESSAGES = {
  reason: "Укажите причину отклонения",
  reasonLong: `Причина длиннее ${REJECT_REASON_MAX} символов`,
  publish: "Этот отзыв уже опубликован",
  reject: "Отклонить можно только отзыв, который ждёт проверки",
  hide: "Скрыть можно только опубликованный отзыв",
} as const;

export interface ModerationFilter {
  state: ReviewState;
  page: number;
}

export function parseModerationFilter(params: URLSearchParams): ModerationFilter {
  const state = params.get("state");
  return {
    state: REVIEW_STATES.some((s) => s === state) ? (state as ReviewState) : "waiting",
    page: readPageNumber(params.get("page")),
  };
}

const isPhoto = (v: unknown): v is ReviewPhotoView =>
  typeof v === "object" && v !== null && typeof (v as ReviewPhotoView).src === "string" && (v as ReviewPhotoView).src.startsWith("/media/");

type ReviewsAsR = ExpressionBuilder<Database & { r: Database["reviews"] }, "r">;

/** The condition of each tab; `approved` stays the storefront's single source of truth. */
function inState(eb: ReviewsAsR, state: ReviewState): Expression<SqlBool> {
  switch (state) {
    case "published":
      return eb("r.approved", "=", 1);
    case "rejected":
      return eb.and([eb("r.approved", "=", 0), eb("r.rejected_reason", "is not", null)]);
    case "hidden":
      return eb.and([eb("r.approved", "=", 0), eb("r.rejected_reason", "is", null), eb("r.hidden_at", "is not", null)]);
    case "waiting":
      return eb.and([eb("r.approved", "=", 0), eb("r.rejected_reason", "is", null), eb("r.hidden_at", "is", null)]);
  }
}

export async function listModeration(db: Db, filter: ModerationFilter): Promise<{ items: ModerationItem[]; total: number; page: number; pages: number }> {
  const base = db.kysely.selectFrom("reviews as r").where((eb) => inState(eb, filter.state));
  const { total, page, pages, limit, offset } = await countedPage(base, filter.page, MODERATION_PER_PAGE);
  const rows = await base
    .innerJoin("products as p", "p.id", "r.product_id")
    .select([
      "r.id",
      "r.name",
      "r.rating",
      "r.text",
      "r.pros",
      "r.cons",
      "r.photos",
      "r.approved",
      "r.rejected_reason",
      "r.hidden_at",
      "r.created_at",
      "r.moderated_at",
      "p.id as product_id",
      "p.title as product_title",
      "p.slug as product_slug",
    ])
    // the newest first: in the queue that is what a visitor just wrote
    .orderBy(filter.state === "waiting" ? "r.created_at" : sql`coalesce(r.moderated_at, r.created_at)`, "desc")
    .orderBy("r.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    total,
    page,
    pages,
    items: rows.map((r) => ({
      id: Number(r.id),
      state: reviewState({ approved: Number(r.approved), rejectedReason: r.rejected_reason, hiddenAt: r.hidden_at }),
      product: { id: Number(r.product_id), title: r.product_title, slug: r.product_slug },
      name: r.name,
      rating: Number(r.rating),
      text: r.text,
      pros: r.pros,
      cons: r.cons,
      photos: parseJsonList(r.photos, isPhoto),
      rejectedReason: r.rejected_reason,
      createdAt: Number(r.created_at),
      moderatedAt: r.moderated_at === null ? null : Number(r.moderated_at),
    })),
  };
}

/** How many reviews wait in each tab (the tabs show it). */
export async function countByState(db: Db): Promise<Record<ReviewState, number>> {
  const entries = await Promise.all(
    REVIEW_STATES.map(async (s) => {
      const row = await db.kysely
        .selectFrom("reviews as r")
        .where((eb) => inState(eb, s))
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirst();
      return [s, Number(row?.n ?? 0)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<ReviewState, number>;
}

/** For the dashboard: reviews nobody has decided on. */
export async function countWaitingReviews(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom("reviews as r")
    .where((eb) => inState(eb, "waiting"))
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** rating and rating_count of one product: its approved reviews, as the seed computes them. */
async function recomputeRating(trx: Transaction<Database>, productId: number): Promise<{ rating: number; ratingCount: number }> {
  const row = await trx
    .selectFrom("reviews")
    .select([(eb) => eb.fn.countAll<number | string>().as("n"), (eb) => eb.fn.sum<number | string | null>("rating").as("sum")])
    .where("product_id", "=", productId)
    .where("approved", "=", 1)
    .executeTakeFirst();
  const count = Number(row?.n ?? 0);
  const rating = count ? displayRating(Number(row?.sum ?? 0) / count) : 0;
  await trx.updateTable("products").set({ rating, rating_count: count }).where("id", "=", productId).execute();
  return { rating, ratingCount: count };
}

export type ModerationAction = "publish" | "reject" | "hide";

export type ModerationOutcome =
  | { status: "done"; state: ReviewState; product: { rating: number; ratingCount: number } }
  | { status: "not-found" }
  | { status: "invalid"; message: string }
  /** the review is not in a state this action applies to (409) */
  | { status: "conflict"; message: string };

const ALLOWED_FROM: Record<ModerationAction, readonly ReviewState[]> = {
  publish: ["waiting", "hidden", "rejected"],
  reject: ["waiting"],
  hide: ["published"],
};

const CONFLICT: Record<ModerationAction, string> = { publish: REVIEW_MESSAGES.publish, reject: REVIEW_MESSAGES.reject, hide: REVIEW_MESSAGES.hide };

/** One moderator's decision on one review: the review, the product's aggregate and the audit entry together. */
export async function moderateReview(
  db: Db,
  actor: StaffActor,
  reviewId: number,
  action: ModerationAction,
  rawReason: unknown = "",
  now = Date.now(),
): Promise<ModerationOutcome> {
  const reason = typeof rawReason === "string" ? rawReason.trim() : "";
  if (action === "reject") {
    if (!reason) return { status: "invalid", message: REVIEW_MESSAGES.reason };
    if (reason.length > REJECT_REASON_MAX) return { status: "invalid", message: REVIEW_MESSAGES.reasonLong };
  }
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("reviews")
      .select(["product_id", "approved", "rejected_reason", "hidden_at"])
      .where("id", "=", reviewId)
      .executeTakeFirst();
    if (!row) return { status: "not-found" } as const;
    const from = reviewState({ approved: Number(row.approved), rejectedReason: row.rejected_reason, hiddenAt: row.hidden_at });
    if (!ALLOWED_FROM[action].includes(from)) return { status: "conflict", message: CONFLICT[action] } as const;
    const to: ReviewState = action === "publish" ? "published" : action === "reject" ? "rejected" : "hidden";
    const set = {
      approved: to === "published" ? 1 : 0,
      rejected_reason: to === "rejected" ? reason : null,
      hidden_at: to === "hidden" ? now : null,
      moderated_at: now,
      moderated_by: actor.id,
    };
    // the state in the WHERE: two moderators pressing at once change the review once
    const result = await trx.updateTable("reviews").set(set).where("id", "=", reviewId).where("approved", "=", Number(row.approved)).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return { status: "conflict", message: CONFLICT[action] } as const;
    const productId = Number(row.product_id);
    const before = await trx.selectFrom("products").select(["rating", "rating_count"]).where("id", "=", productId).executeTakeFirstOrThrow();
    const product = await recomputeRating(trx, productId);
    await recordAudit(
      trx,
      actor,
      {
        action: `review.${action}`,
        entity: "review",
        entityId: reviewId,
        before: { state: from, productRating: Number(before.rating), productRatingCount: Number(before.rating_count) },
        after: { state: to, ...(to === "rejected" ? { reason } : {}), productRating: product.rating, productRatingCount: product.ratingCount },
      },
      now,
    );
    return { status: "done", state: to, product } as const;
  });
}
