export * from "./SearchPage.tsx";
export * from "./SearchToggle.tsx";
