export * from "./BottomBar.tsx";
export * from "./ErrorPage.tsx";
export * from "./PageBehaviours.tsx";
export * from "./SiteFooter.tsx";
export * from "./SiteHeader.tsx";
export * from "./WarningBanner.tsx";
