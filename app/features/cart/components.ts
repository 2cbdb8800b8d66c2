export * from "./AddToCartButton.tsx";
export * from "./CartInformer.tsx";
export * from "./CartView.tsx";
