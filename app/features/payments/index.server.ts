export * from "./online-payment.server.ts";
export * from "./payments.server.ts";
