export * from "./admin-nav.ts";
