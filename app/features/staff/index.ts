export * from "./audit-view.ts";
export * from "./staff-roles.ts";
export * from "./staff-schemas.ts";
