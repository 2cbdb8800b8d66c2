export * from "./bitset.ts";
export * from "./catalog-types.ts";
export * from "./listing-query.ts";
export * from "./posting-list.ts";
export * from "./search-text.ts";
export * from "./section-facets.ts";
export * from "./section-form.ts";
