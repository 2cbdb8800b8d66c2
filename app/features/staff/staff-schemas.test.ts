import { describe, expect, it } from "vitest";
import { parseFields } from "../../lib/form-fields.ts";
import { STAFF_MESSAGES, staffAddSchema, staffRoleSchema } from "./staff-schemas.ts";

describe("staff forms", () => {
  it("takes a new manager with a temporary password", () => {
    const r = parseFields(staffAddSchema, { email: " Ivan@Example.ru ", name: "Иван", role: "manager", password: "временный1", currentPassword: "x" });
    expect(r).toEqual({ ok: true, data: { email: "ivan@example.ru", name: "Иван", role: "manager", password: "временный1", currentPassword: "x" } });
  });

  it("refuses a role outside the list and a missing own password", () => {
    const r = parseFields(staffAddSchema, { email: "a@b.ru", role: "admin", currentPassword: "" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toMatchObject({ role: STAFF_MESSAGES.role, currentPassword: STAFF_MESSAGES.currentPassword });
  });

  it("refuses a short temporary password but allows none (an existing account)", () => {
    expect(parseFields(staffAddSchema, { email: "a@b.ru", role: "content", password: "short", currentPassword: "x" }).ok).toBe(false);
    expect(parseFields(staffAddSchema, { email: "a@b.ru", role: "content", password: "", currentPassword: "x" }).ok).toBe(true);
  });

  it("refuses a junk member id", () => {
    expect(parseFields(staffRoleSchema, { userId: "1; drop", role: "owner", currentPassword: "x" }).ok).toBe(false);
  });
});
