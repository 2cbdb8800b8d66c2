export * from "./ReviewForm.tsx";
export * from "./ReviewList.tsx";
export * from "./admin/ModerationCard.tsx";
