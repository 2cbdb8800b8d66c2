export * from "./search-index.server.ts";
export * from "./search.server.ts";
export * from "./suggestions.server.ts";
