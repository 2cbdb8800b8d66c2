export * from "./form-schemas.ts";
export * from "./preorder-form.ts";
export * from "./request-status.ts";
