export * from "./admin/FeedSettingsForm.tsx";
