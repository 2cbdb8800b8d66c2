import { describe, expect, it } from "vitest";
import { canAccess, isStaffRole } from "./staff-roles.ts";

describe("staff roles", () => {
  it("lets the owner everywhere, the manager into operations, the content editor into the catalogue", () => {
    expect(canAccess("owner", "audit")).toBe(true);
    expect(canAccess("owner", "staff")).toBe(true);
    expect(canAccess("manager", "orders")).toBe(true);
    expect(canAccess("manager", "reviews")).toBe(true);
    expect(canAccess("manager", "staff")).toBe(false);
    expect(canAccess("manager", "catalog")).toBe(false);
    expect(canAccess("content", "catalog")).toBe(true);
    expect(canAccess("content", "orders")).toBe(false);
  });

  it("keeps customers and made-up roles out", () => {
    expect(canAccess(null, "dashboard")).toBe(false);
    expect(canAccess(undefined, "dashboard")).toBe(false);
    expect(canAccess("admin", "dashboard")).toBe(false);
    expect(isStaffRole("Owner")).toBe(false);
    expect(isStaffRole("manager")).toBe(true);
  });
});
