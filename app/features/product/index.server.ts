export * from "./admin-product-form.server.ts";
export * from "./admin-products.server.ts";
export * from "./admin-set-form.server.ts";
export * from "./product.server.ts";
export * from "./set-totals.server.ts";
