export * from "./review-form.ts";
export * from "./review-moderation.ts";
export * from "./review-query.ts";
