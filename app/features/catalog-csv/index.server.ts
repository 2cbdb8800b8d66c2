export * from "./catalog-import.server.ts";
