export * from "./availability.ts";
export * from "./city-cookie.ts";
export * from "./delivery-date.ts";
export * from "./delivery-estimate.ts";
export * from "./delivery-pricing.ts";
export * from "./lead-time.ts";
export * from "./pickup-point.ts";
