export * from "./AdminPage.tsx";
export * from "./AdminShell.tsx";
