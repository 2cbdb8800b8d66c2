export * from "./search.server.ts";
export * from "./suggestions.server.ts";
