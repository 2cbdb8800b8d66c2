export * from "./cart.server.ts";
