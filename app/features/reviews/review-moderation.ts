// Where a review stands in the back office's moderation (the tabs of «Отзывы»). The storefront
// only asks `approved`; the moderator's reason and the time of hiding tell the other states apart.

export const REVIEW_STATES = ["waiting", "published", "rejected", "hidden"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_STATE_TITLES: Record<ReviewState, string> = {
  waiting: "Ждут проверки",
  published: "Опубликованы",
  rejected: "Отклонены",
  hidden: "Скрыты",
};

export function reviewState(r: { approved: number; rejectedReason: string | null; hiddenAt: number | string | null }): ReviewState {
  if (r.approved === 1) return "published";
  if (r.rejectedReason !== null) return "rejected";
  if (r.hiddenAt !== null) return "hidden";
  return "waiting";
}
