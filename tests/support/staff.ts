// Staff accounts for back-office tests: create an account of a role (or a plain customer) in the
// test app's database and get a signed-in Visitor for it, without spending the login form's rate
// limits (the session row is made as a login makes it; the cookie is signed as the server signs it).
import { afterAll, beforeAll } from "vitest";
import type { Dialect } from "../../app/db/dialect.ts";
import { addStaff, CLI_ACTOR } from "../../app/features/staff/staff.server.ts";
import { registerUser } from "../../app/features/accounts/users.server.ts";
import { rotateSession } from "../../app/features/accounts/sessions.server.ts";
import type { StaffRole } from "../../app/features/staff/staff-roles.ts";
import { signedSessionCookie, uniqueEmail, Visitor } from "./accounts-client.ts";
import type { VitrinaApp } from "../../server/app.ts";
import { startTestApp, type TestApp } from "./test-app.ts";

/** What the helpers need of an app: its database, and for a signed-in Visitor its address (a TestApp, or one instance of a cluster). */
type AppWithDb = { vitrina: Pick<VitrinaApp, "db"> };

export const STAFF_PASSWORD = "стол и шкаф 2026";

export interface TestAccount {
  id: number;
  email: string;
  password: string;
  role: StaffRole | null;
}

/** A new account with `role` (null: a customer), password STAFF_PASSWORD. */
export async function createAccount(app: AppWithDb, role: StaffRole | null, email = uniqueEmail(role ?? "customer")): Promise<TestAccount> {
  const db = app.vitrina.db;
  if (role === null) {
    const made = await registerUser(db, { name: "Покупатель", email, phone: "", password: STAFF_PASSWORD });
    if (!made.ok) throw new Error(`could not create ${email}`);
    return { id: made.user.id, email, password: STAFF_PASSWORD, role };
  }
  const made = await addStaff(db, CLI_ACTOR, { email, role, name: `Сотрудник ${role}`, password: STAFF_PASSWORD });
  if (!made.ok) throw new Error(`could not create ${email}: ${made.reason}`);
  return { id: made.userId, email, password: STAFF_PASSWORD, role };
}

/** A Visitor signed in as `account` (a fresh session row, as the login form would make). */
export async function signedIn(app: AppWithDb & { url: string }, account: TestAccount): Promise<Visitor> {
  const session = await rotateSession(app.vitrina.db, null, account.id, {});
  const visitor = new Visitor(app.url);
  visitor.cookie = signedSessionCookie(session.id);
  return visitor;
}

/** An account of `role` and a Visitor signed in as it. */
export async function staffVisitor(app: AppWithDb & { url: string }, role: StaffRole | null): Promise<{ account: TestAccount; visitor: Visitor }> {
  const account = await createAccount(app, role);
  return { account, visitor: await signedIn(app, account) };
}

export interface ContentDesk {
  app: TestApp;
  /** a content manager, signed in */
  editor: Visitor;
  /** a visitor without an account */
  visitor: Visitor;
}

/**
 * For a describe block that edits content in the back office and reads it on the storefront: a
 * test app of its own on `dialect`, started before the block's tests and stopped after them, with
 * a content manager signed in and a visitor without an account. Read the fields inside tests.
 */
export function contentDesk(dialect: Dialect): ContentDesk {
  const desk = {} as ContentDesk;
  beforeAll(async () => {
    desk.app = await startTestApp(dialect);
    desk.editor = (await staffVisitor(desk.app, "content")).visitor;
    desk.visitor = new Visitor(desk.app.url);
  });
  afterAll(async () => {
    await desk.app?.stop();
  });
  return desk;
}
