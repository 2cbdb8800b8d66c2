export * from "./media-images.server.ts";
export * from "./product-media.server.ts";
