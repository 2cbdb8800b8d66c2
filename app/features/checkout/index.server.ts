export * from "./one-click-post.server.ts";
