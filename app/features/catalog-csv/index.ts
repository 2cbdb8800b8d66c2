export * from "./catalog-import-types.ts";
