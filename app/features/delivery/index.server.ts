export * from "./lift-tariffs.server.ts";
