export * from "./exchange-1c.ts";
