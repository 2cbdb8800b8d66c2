export * from "./CompareToggle.tsx";
export * from "./ComparisonView.tsx";
