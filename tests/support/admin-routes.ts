// Every back-office address and who may open it, for the role × route matrix in
// tests/integration/admin-access.test.ts. Add your routes here (GET pages and the main POSTs);
// `roles` lists the roles that get in, everyone else is refused.
import type { StaffRole } from "../../app/features/staff/staff-roles.ts";

export interface AdminRouteCase {
  method: "GET" | "POST";
  path: string;
  /** the roles allowed in (the rest: staff → 403, customers and visitors → the login page) */
  roles: readonly StaffRole[];
  /** for POST: form fields (an allowed role may get a 4xx for them, never 403 or a login redirect) */
  form?: Record<string, string>;
}

const ALL: readonly StaffRole[] = ["owner", "manager", "content"];
const OPS: readonly StaffRole[] = ["owner", "manager"];
const CATALOG: readonly StaffRole[] = ["owner", "content"];
const OWNER: readonly StaffRole[] = ["owner"];

export const ADMIN_ROUTES: AdminRouteCase[] = [
  { method: "GET", path: "/admin/", roles: ALL },
  { method: "GET", path: "/admin/staff/", roles: OWNER },
  { method: "POST", path: "/admin/staff/", roles: OWNER, form: { intent: "add", email: "nobody@example.ru", role: "manager", currentPassword: "wrong" } },
  { method: "GET", path: "/admin/audit/", roles: OWNER },
  { method: "GET", path: "/admin/orders/", roles: OPS },
  { method: "GET", path: "/admin/orders/?q=%2B79161234567&status=new&sort=total&dir=asc&page=2", roles: OPS },
  { method: "POST", path: "/admin/orders/00-000000/", roles: OPS, form: { intent: "status", version: "1", status: "confirmed" } },
  { method: "GET", path: "/admin/requests/", roles: OPS },
  { method: "POST", path: "/admin/requests/1/", roles: OPS, form: { status: "bogus", version: "1" } },
  { method: "GET", path: "/admin/reviews/", roles: OPS },
  { method: "POST", path: "/admin/reviews/", roles: OPS, form: { intent: "reject", id: "1", reason: "" } },
  { method: "GET", path: "/admin/promo/", roles: OPS },
  { method: "GET", path: "/admin/promo/new/", roles: OPS },
  { method: "POST", path: "/admin/promo/new/", roles: OPS, form: { code: "", kind: "percent", amount: "0" } },
  { method: "GET", path: "/admin/products/", roles: CATALOG },
  { method: "GET", path: "/admin/products/?q=divan&section=1&status=hidden&stock=low&sort=price_desc&page=2", roles: CATALOG },
  { method: "POST", path: "/admin/products/", roles: CATALOG, form: { action: "publish" } },
  { method: "GET", path: "/admin/products/new/", roles: CATALOG },
  { method: "GET", path: "/admin/products/1/", roles: CATALOG },
  { method: "POST", path: "/admin/products/new/", roles: CATALOG, form: { title: "", price: "-1", version: "0" } },
  { method: "GET", path: "/admin/sections/", roles: CATALOG },
  { method: "POST", path: "/admin/sections/", roles: CATALOG, form: { intent: "add", title: "", slug: "", parentId: "" } },
  { method: "POST", path: "/admin/sections/", roles: CATALOG, form: { intent: "move", id: "1", version: "0", direction: "up" } },
  { method: "GET", path: "/admin/sections/1/", roles: CATALOG },
  { method: "POST", path: "/admin/sections/1/", roles: CATALOG, form: { intent: "edit", title: "", parentId: "", version: "1" } },
  { method: "POST", path: "/admin/sections/1/", roles: CATALOG, form: { intent: "facets", version: "0" } },
  { method: "POST", path: "/admin/sections/1/", roles: CATALOG, form: { intent: "delete", version: "1" } },
  { method: "GET", path: "/admin/import/", roles: CATALOG },
  { method: "GET", path: "/admin/import/catalog.csv", roles: CATALOG },
  { method: "POST", path: "/admin/import/", roles: CATALOG, form: { intent: "apply", session: "no-such-session" } },
  { method: "GET", path: "/admin/content/", roles: CATALOG },
  { method: "POST", path: "/admin/content/", roles: CATALOG, form: { intent: "banner", version: "0", text: "" } },
  { method: "GET", path: "/admin/content/pages/about/", roles: CATALOG },
  { method: "POST", path: "/admin/content/pages/about/", roles: CATALOG, form: { title: "", body: "", version: "0" } },
  { method: "GET", path: "/admin/content/showrooms/new/", roles: CATALOG },
  { method: "POST", path: "/admin/content/showrooms/new/", roles: CATALOG, form: { title: "" } },
  { method: "GET", path: "/admin/content/news/new/", roles: CATALOG },
  { method: "GET", path: "/admin/content/news/1/", roles: CATALOG },
  { method: "POST", path: "/admin/content/news/new/", roles: CATALOG, form: { title: "", body: "", date: "" } },
  { method: "POST", path: "/admin/content/news/1/", roles: CATALOG, form: { intent: "delete", version: "0" } },
  { method: "GET", path: "/admin/exchange/", roles: CATALOG },
  { method: "POST", path: "/admin/exchange/", roles: CATALOG, form: { version: "0", section: "1" } },
];
