export * from "./audit.server.ts";
export * from "./staff.server.ts";
