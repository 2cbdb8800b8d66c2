import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("banner/close", "routes/banner-close.ts"),
  route(":slug", "routes/content-page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
