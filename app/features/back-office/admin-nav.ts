// The back office's navigation (docs/behaviour.md «Back office»): one link per area, in this order,
// shown only to the roles that may open it. The names are a contract (tests find links by them).
import { canAccess, type AdminArea } from "../staff/index.ts";

export interface AdminNavLink {
  area: AdminArea;
  href: string;
  label: string;
}

export const ADMIN_NAV: readonly AdminNavLink[] = [
  { area: "orders", href: "/admin/orders/", label: "Заказы" },
  { area: "requests", href: "/admin/requests/", label: "Заявки" },
  { area: "reviews", href: "/admin/reviews/", label: "Отзывы" },
  { area: "catalog", href: "/admin/products/", label: "Товары" },
  { area: "catalog", href: "/admin/sections/", label: "Разделы" },
  { area: "import", href: "/admin/import/", label: "Импорт" },
  { area: "content", href: "/admin/content/", label: "Контент" },
  { area: "promo", href: "/admin/promo/", label: "Промокоды" },
  { area: "staff", href: "/admin/staff/", label: "Сотрудники" },
  { area: "audit", href: "/admin/audit/", label: "Журнал" },
];

/** the links a role may follow */
export function adminNavFor(role: string | null): AdminNavLink[] {
  return ADMIN_NAV.filter((link) => canAccess(role, link.area));
}

/** The area a first path segment under /admin/ belongs to (`products` → catalog), or null if there is none. */
export function adminAreaOfSegment(segment: string): AdminArea | null {
  const link = ADMIN_NAV.find((l) => l.href === `/admin/${segment}/`);
  if (link) return link.area;
  return segment === "exchange" ? "exchange" : null;
}

/** <title> and robots for a back-office page */
export function adminMeta(title: string) {
  return [{ title: `${title} — Витрина, управление` }, { name: "robots", content: "noindex, nofollow" }];
}
