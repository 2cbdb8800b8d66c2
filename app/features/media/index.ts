export * from "./product-image-variants.ts";
export * from "./product-images-form.ts";
export * from "./video-files.ts";
