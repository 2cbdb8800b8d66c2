import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("banner/close", "routes/banner-close.ts"),
  route("catalog", "routes/catalog.tsx"),
  route("catalog/:section", "routes/catalog-section.tsx"),
  route("search", "routes/search.tsx"),
  route("search/suggest", "routes/search-suggest.ts"),
  route("contacts", "routes/contacts.tsx"),
  route("forms/:form", "routes/forms-api.ts"),
  route("register", "routes/register.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("password/reset", "routes/password-reset.tsx"),
  route("password/reset/:token", "routes/password-reset-token.tsx"),
  route("profile", "routes/profile.tsx"),
  route("profile/password", "routes/profile-password.tsx"),
  route("profile/file/add", "routes/profile-file-add.ts"),
  route("profile/file/delete", "routes/profile-file-delete.ts"),
  route("profile/file/:id", "routes/profile-file.ts"),
  route(":slug", "routes/content-page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
