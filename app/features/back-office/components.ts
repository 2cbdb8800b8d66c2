export * from "./AdminFilters.tsx";
export * from "./AdminPage.tsx";
export * from "./AdminPager.tsx";
export * from "./AdminShell.tsx";
