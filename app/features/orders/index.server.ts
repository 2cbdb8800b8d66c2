export * from "./admin-orders.server.ts";
export * from "./order-mail.server.ts";
export * from "./order-record.server.ts";
export * from "./order-status-mail.server.ts";
export * from "./orders.server.ts";
