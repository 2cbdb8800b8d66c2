// What the back office's review queue shows (app/features/reviews/admin-reviews.server.ts reads it).
import type { ReviewState } from "./review-moderation.ts";
import type { ReviewPhotoView } from "../product/index.ts";

export interface ModerationItem {
  id: number;
  state: ReviewState;
  product: { id: number; title: string; slug: string };
  name: string;
  rating: number;
  text: string;
  pros: string;
  cons: string;
  photos: ReviewPhotoView[];
  rejectedReason: string | null;
  createdAt: number;
  moderatedAt: number | null;
}
