export * from "./PromoCodeForm.tsx";
export * from "./PromoSlider.tsx";
export * from "./admin/PromoForm.tsx";
export * from "./admin/PromoTable.tsx";
