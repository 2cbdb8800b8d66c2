export * from "./cart-availability.ts";
export * from "./cart-request.ts";
export * from "./cart-types.ts";
