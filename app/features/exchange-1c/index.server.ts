export * from "./exchange-1c-import.server.ts";
export * from "./exchange-1c-orders.server.ts";
export * from "./exchange-1c.server.ts";
