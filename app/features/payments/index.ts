export * from "./payment-amount.ts";
export * from "./payment-notification.ts";
export * from "./payment-types.ts";
export * from "./refund-form.ts";
