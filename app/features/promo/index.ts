export * from "./promo-discount.ts";
export * from "./promo-form.ts";
export * from "./seasonal-promos.ts";
