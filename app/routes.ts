import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("banner/close", "routes/banner-close.ts"),
  route("catalog", "routes/catalog.tsx"),
  route("catalog/:section", "routes/catalog-section.tsx"),
  route("search", "routes/search.tsx"),
  route("search/suggest", "routes/search-suggest.ts"),
  route(":slug", "routes/content-page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
