export * from "./account-schemas.ts";
export * from "./account-types.ts";
export * from "./require-user.ts";
