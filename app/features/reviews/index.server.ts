export * from "./admin-reviews.server.ts";
export * from "./reviews.server.ts";
