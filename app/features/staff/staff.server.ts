// Staff accounts: who has a back-office role, adding, re-roling and removing staff (never the
// account itself), with the last owner protected. Every change writes its audit entry in the
// same transaction. Shared by the /admin/staff/ page and the `npm run staff` CLI.
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import { isStaffRole, type StaffRole } from "./staff-roles.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { authenticate, hashPassword } from "../accounts/index.server.ts";

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

export interface StaffListItem extends StaffMember {
  /** when the account last got a role (its latest staff.add entry), else when it was created */
  since: number;
}

/** the command line's signature in the audit log */
export const CLI_ACTOR: StaffActor = { id: null, email: "командная строка" };

/** The account `id` if it has a staff role, else null (customers and unknown ids alike). */
export async function findStaffMember(db: Db, id: number): Promise<StaffMember | null> {
  const row = await db.kysely.selectFrom("users").select(["id", "email", "name", "role"]).where("id", "=", id).executeTakeFirst();
  if (!row || !isStaffRole(row.role)) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export async function listStaff(db: Db): Promise<StaffListItem[]> {
  const rows = await db.kysely
    .selectFrom("users")
    .select(["id", "email", "name", "role", "created_at"])
    .where("role", "is not", null)
    .orderBy("email")
    .execute();
  if (rows.length === 0) return [];
  const added = await db.kysely
    .selectFrom("audit_log")
    .select(["entity_id", (eb) => eb.fn.max("created_at").as("at")])
    .where("entity", "=", "user")
    .where("action", "=", "staff.add")
    .where(
      "entity_id",
      "in",
      rows.map((r) => String(r.id)),
    )
    .groupBy("entity_id")
    .execute();
  const since = new Map(added.map((a) => [a.entity_id, Number(a.at)]));
  return rows
    .filter((r) => isStaffRole(r.role))
    .map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role as StaffRole, since: since.get(String(r.id)) ?? Number(r.created_at) }));
}

/** Checks a staff member's own password again before a staff change («Ваш пароль»). */
export async function confirmStaffPassword(db: Db, staff: { email: string }, password: string): Promise<boolean> {
  return (await authenticate(db, staff.email, password)) !== null;
}

export type StaffChangeResult =
  { ok: true; userId: number; created: boolean } | { ok: false; reason: "not-found" | "not-staff" | "last-owner" | "password-needed" | "same-role" };

export interface AddStaffInput {
  email: string;
  role: StaffRole;
  /** for a new account */
  name?: string;
  /** for a new account: its temporary password */
  password?: string;
}

/**
 * Gives the account with `email` a role, creating the account (with the temporary password) when
 * there is none. An existing staff member is re-roled, under the same last-owner rule.
 */
export async function addStaff(db: Db, actor: StaffActor, input: AddStaffInput, now = Date.now()): Promise<StaffChangeResult> {
  const email = input.email.trim().toLowerCase();
  const existing = await db.kysely.selectFrom("users").select(["id", "role"]).where("email", "=", email).executeTakeFirst();
  if (existing) return changeRole(db, actor, existing.id, input.role, isStaffRole(existing.role) ? "staff.role" : "staff.add", now);
  if (!input.password) return { ok: false, reason: "password-needed" };
  const passwordHash = await hashPassword(input.password);
  const name = input.name?.trim() || email.split("@")[0]!;
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("users")
      .values({
        email,
        name,
        phone: "",
        password_hash: passwordHash,
        saved_data: "{}",
        created_at: now,
        updated_at: now,
        password_changed_at: now,
        role: input.role,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: "staff.add", entity: "user", entityId: row.id, before: null, after: { email, name, role: input.role } }, now);
    return { ok: true as const, userId: row.id, created: true };
  });
}

export function setStaffRole(db: Db, actor: StaffActor, userId: number, role: StaffRole, now = Date.now()): Promise<StaffChangeResult> {
  return changeRole(db, actor, userId, role, "staff.role", now);
}

/** Takes the role away (the account stays a customer account). */
export function removeStaff(db: Db, actor: StaffActor, userId: number, now = Date.now()): Promise<StaffChangeResult> {
  return changeRole(db, actor, userId, null, "staff.remove", now);
}

async function changeRole(
  db: Db,
  actor: StaffActor,
  userId: number,
  role: StaffRole | null,
  action: "staff.add" | "staff.role" | "staff.remove",
  now: number,
): Promise<StaffChangeResult> {
  return db.kysely.transaction().execute(async (trx) => {
    // PostgreSQL: owners are locked so two owners demoting each other cannot both pass the check
    // (SQLite transactions already hold the write lock from their start)
    const owners = await lockOwners(db, trx);
    const user = await trx.selectFrom("users").select(["id", "email", "role"]).where("id", "=", userId).executeTakeFirst();
    if (!user) return { ok: false, reason: "not-found" } as const;
    if (action !== "staff.add" && !isStaffRole(user.role)) return { ok: false, reason: "not-staff" } as const;
    if (user.role === role) return { ok: false, reason: "same-role" } as const;
    if (user.role === "owner" && owners <= 1) return { ok: false, reason: "last-owner" } as const;
    await trx.updateTable("users").set({ role, updated_at: now }).where("id", "=", userId).execute();
    await recordAudit(
      trx,
      actor,
      { action, entity: "user", entityId: userId, before: { email: user.email, role: user.role }, after: { email: user.email, role } },
      now,
    );
    return { ok: true, userId, created: false } as const;
  });
}

async function lockOwners(db: Db, trx: Transaction<Database>): Promise<number> {
  let q = trx.selectFrom("users").select("id").where("role", "=", "owner");
  if (db.dialect === "postgres") q = q.forUpdate();
  return (await q.execute()).length;
}

/** For the command line: the account with `email`, staff or not. */
export async function findAccountByEmail(db: Db, email: string): Promise<{ id: number; role: string | null } | null> {
  return (await db.kysely.selectFrom("users").select(["id", "role"]).where("email", "=", email.trim().toLowerCase()).executeTakeFirst()) ?? null;
}
