export * from "./feed-response.server.ts";
export * from "./yml-feed.server.ts";
