export * from "./admin-content.server.ts";
export * from "./admin-news.server.ts";
export * from "./content.server.ts";
export * from "./rich-text.server.ts";
export * from "./sitemap.server.ts";
