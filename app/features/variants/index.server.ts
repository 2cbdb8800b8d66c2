export * from "./variants.server.ts";
