export * from "./order-admin-form.ts";
export * from "./order-source.ts";
export * from "./order-status.ts";
export * from "./order-types.ts";
export * from "./order-workflow.ts";
