export * from "./ProductView.tsx";
export * from "./admin/ProductFilters.tsx";
export * from "./admin/ProductForm.tsx";
export * from "./admin/ProductTable.tsx";
