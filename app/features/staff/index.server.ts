export * from "./staff.server.ts";
