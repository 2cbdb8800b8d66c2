export * from "./account-schemas.ts";
export * from "./account-types.ts";
