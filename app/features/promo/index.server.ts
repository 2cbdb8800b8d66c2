export * from "./promo-codes.server.ts";
