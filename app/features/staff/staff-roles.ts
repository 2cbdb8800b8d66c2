// Who in the back office may do what (docs/behaviour.md «Back office»). Pure, so the admin layout
// can hide what a role cannot open and every loader and action can check the same rule on the
// server.

export const STAFF_ROLES = ["owner", "manager", "content"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_TITLES: Record<StaffRole, string> = {
  owner: "Владелец",
  manager: "Менеджер",
  content: "Контент-редактор",
};

/** the back office's areas, one per navigation link */
export type AdminArea = "dashboard" | "orders" | "requests" | "reviews" | "promo" | "catalog" | "import" | "content" | "exchange" | "staff" | "audit";

const AREAS: Record<StaffRole, readonly AdminArea[]> = {
  owner: ["dashboard", "orders", "requests", "reviews", "promo", "catalog", "import", "content", "exchange", "staff", "audit"],
  manager: ["dashboard", "orders", "requests", "reviews", "promo"],
  content: ["dashboard", "catalog", "import", "content", "exchange"],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether an account with `role` (null for customers) may open `area`. */
export function canAccess(role: string | null | undefined, area: AdminArea): boolean {
  return isStaffRole(role) && AREAS[role].includes(area);
}
