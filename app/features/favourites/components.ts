export * from "./FavoriteToggle.tsx";
