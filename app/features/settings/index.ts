export * from "./shop-facts.ts";
export * from "./site.ts";
