export * from "./CheckoutForm.tsx";
export * from "./OneClickButton.tsx";
export * from "./OneClickForm.tsx";
