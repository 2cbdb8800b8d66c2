export * from "./admin-dashboard.server.ts";
