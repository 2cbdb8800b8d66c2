export * from "./AddToCartButton.tsx";
export * from "./CartInformer.tsx";
export * from "./CartView.tsx";
export * from "./use-add-to-cart.ts";
