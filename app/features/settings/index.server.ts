export * from "./shop-facts.server.ts";
