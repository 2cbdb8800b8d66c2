export * from "./files.server.ts";
export * from "./login-limits.server.ts";
export * from "./sessions.server.ts";
export * from "./users.server.ts";
