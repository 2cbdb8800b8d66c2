export * from "./yml-settings-form.ts";
export * from "./yml.ts";
