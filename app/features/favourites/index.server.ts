export * from "./favorites.server.ts";
