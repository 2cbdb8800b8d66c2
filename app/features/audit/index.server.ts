export * from "./audit.server.ts";
