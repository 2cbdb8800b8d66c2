export type * from "./audit-types.ts";
