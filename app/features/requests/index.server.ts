export * from "./admin-requests.server.ts";
export * from "./forms.server.ts";
export * from "./preorders.server.ts";
export * from "./stock-notices.server.ts";
