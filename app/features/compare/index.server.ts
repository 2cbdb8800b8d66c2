export * from "./compare.server.ts";
