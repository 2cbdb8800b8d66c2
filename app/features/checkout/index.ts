export * from "./checkout-schema.ts";
export * from "./one-click.ts";
