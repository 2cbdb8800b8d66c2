export * from "./favorite-request.ts";
