// Staff management at /admin/staff/ and from the command line, staff session idle expiry, and the
// audit rows each change writes (both dialects for the HTTP part).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { createAccount, signedIn, STAFF_PASSWORD, staffVisitor } from "../../support/staff.ts";
import { deleteRedisKeys, redisValues, SHARED_REDIS_URL, uniqueRedisPrefix } from "../../support/redis.ts";
import { listAudit } from "../../../app/features/audit/audit.server.ts";
import { STAFF_IDLE_MS } from "../../../app/features/accounts/sessions.server.ts";
import { uniqueEmail, Visitor } from "../../support/accounts-client.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../..");

describe.each(dialects)("staff management on %s", (dialect) => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof staffVisitor>>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    owner = await staffVisitor(app, "owner");
  });
  afterAll(async () => {
    await app?.stop();
  });
  const roleOf = async (email: string) => (await app.vitrina.db.kysely.selectFrom("users").select("role").where("email", "=", email).executeTakeFirst())?.role;

  it("adds a new manager only with the owner's own password, and writes staff.add", async () => {
    const email = uniqueEmail("manager");
    const form = { intent: "add", email, name: "Пётр", role: "manager", password: "временный пароль" };
    const wrong = await owner.visitor.post("/admin/staff/", { ...form, currentPassword: "не тот" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Пароль не подошёл");
    expect(await roleOf(email)).toBeUndefined();

    const ok = await owner.visitor.post("/admin/staff/", { ...form, currentPassword: STAFF_PASSWORD });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/admin/staff/?done=add");
    expect(await roleOf(email)).toBe("manager");
    const { entries } = await listAudit(app.vitrina.db, { entity: "user" });
    expect(entries[0]).toMatchObject({ action: "staff.add", actorEmail: owner.account.email, after: { email, role: "manager" } });

    const page = await (await owner.visitor.get("/admin/staff/")).text();
    expect(page).toContain(email);
    // the new manager can sign in with the temporary password
    const v = new Visitor(app.url);
    expect((await v.post("/login/", { email, password: "временный пароль", back: "/admin/" })).headers.get("location")).toBe("/admin/");
    expect((await v.get("/admin/")).status).toBe(200);
  });

  it("refuses bad input with Russian field errors and a 4xx", async () => {
    const res = await owner.visitor.post("/admin/staff/", { intent: "add", email: "не почта", role: "boss", currentPassword: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Выберите роль из списка");
    expect(html).toContain("Введите ваш пароль");
    const unknown = await owner.visitor.post("/admin/staff/", { intent: "role", userId: "99999999", role: "manager", currentPassword: STAFF_PASSWORD });
    expect(unknown.status).toBe(404);
  });

  it("changes and removes a role (the account stays), each audited; never the last owner", async () => {
    const member = await createAccount(app, "content");
    const changed = await owner.visitor.post("/admin/staff/", { intent: "role", userId: String(member.id), role: "manager", currentPassword: STAFF_PASSWORD });
    expect(changed.status).toBe(303);
    expect(await roleOf(member.email)).toBe("manager");
    const removed = await owner.visitor.post("/admin/staff/", { intent: "remove", userId: String(member.id), currentPassword: STAFF_PASSWORD });
    expect(removed.status).toBe(303);
    expect(await roleOf(member.email)).toBeNull();
    const actions = (await listAudit(app.vitrina.db, { entity: "user", entityId: String(member.id) })).entries.map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(["staff.remove", "staff.role"]);

    // the owner is the only one here: demoting or removing them is refused and nothing changes
    const before = (await listAudit(app.vitrina.db)).total;
    for (const intent of ["role", "remove"]) {
      const res = await owner.visitor.post("/admin/staff/", { intent, userId: String(owner.account.id), role: "manager", currentPassword: STAFF_PASSWORD });
      expect(res.status).toBe(409);
      expect(await res.text()).toContain("последнего владельца");
    }
    expect(await roleOf(owner.account.email)).toBe("owner");
    expect((await listAudit(app.vitrina.db)).total).toBe(before);
  });

  it("stops guessing the owner's password after 5 wrong tries (429), even with the right one", async () => {
    const { visitor } = await staffVisitor(app, "owner");
    const form = { intent: "add", email: uniqueEmail(), role: "manager", password: "временный пароль" };
    for (let i = 0; i < 5; i++) expect((await visitor.post("/admin/staff/", { ...form, currentPassword: `угадываю ${i}` })).status).toBe(400);
    const res = await visitor.post("/admin/staff/", { ...form, currentPassword: STAFF_PASSWORD });
    expect(res.status).toBe(429);
    expect(await res.text()).toContain("Слишком много неверных попыток");
    expect(await roleOf(form.email)).toBeUndefined();
  });

  it("counts a password re-check before checking it: of 30 parallel wrong guesses only 5 are checked", async () => {
    await parallelGuesses(app);
  });

  it("takes the role from the database, not from the form: a manager posting role=owner gets 403", async () => {
    const { visitor } = await staffVisitor(app, "manager");
    const res = await visitor.post("/admin/staff/", {
      intent: "add",
      email: uniqueEmail(),
      role: "owner",
      currentPassword: STAFF_PASSWORD,
      password: "временный пароль",
    });
    expect(res.status).toBe(403);
  });

  it("ends a staff session after 2 hours idle, and slides it while used", async () => {
    const { account, visitor } = await staffVisitor(app, "manager");
    const sid = () => decodeURIComponent(visitor.cookie.replace(/^vitrina_sid=/, "")).replace(/\.[^.]*$/, "");
    const row = () => app.vitrina.db.kysely.selectFrom("sessions").select("expires_at").where("id", "=", sid()).executeTakeFirstOrThrow();
    expect(Number((await row()).expires_at)).toBeLessThanOrEqual(Date.now() + STAFF_IDLE_MS);
    // an hour and a half idle: still in, and the window starts again
    await app.vitrina.db.kysely
      .updateTable("sessions")
      .set({ expires_at: Date.now() + 30 * 60 * 1000 })
      .where("id", "=", sid())
      .execute();
    expect((await visitor.get("/admin/")).status).toBe(200);
    expect(Number((await row()).expires_at)).toBeGreaterThan(Date.now() + STAFF_IDLE_MS - 2 * 60 * 1000);
    // two hours and a minute idle: the login page
    await app.vitrina.db.kysely
      .updateTable("sessions")
      .set({ expires_at: Date.now() - 60 * 1000 })
      .where("id", "=", sid())
      .execute();
    const res = await visitor.get("/admin/");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login/?back=%2Fadmin%2F");
    // a customer's session keeps its 30 days
    const customer = await createAccount(app, null);
    const cv = await signedIn(app, customer);
    await cv.get("/profile/");
    const cid = decodeURIComponent(cv.cookie.replace(/^vitrina_sid=/, "")).replace(/\.[^.]*$/, "");
    const crow = await app.vitrina.db.kysely.selectFrom("sessions").select("expires_at").where("id", "=", cid).executeTakeFirstOrThrow();
    expect(Number(crow.expires_at)).toBeGreaterThan(Date.now() + 24 * 60 * 60 * 1000);
    expect(account.role).toBe("manager");
  });
});

/**
 * 30 wrong «Ваш пароль» posts at once, then the right one: each attempt is counted before the
 * password is checked, so exactly 5 are checked («Пароль не подошёл») and the other 25 (sent
 * while the first ones were still being checked) and the right password after them get 429.
 */
async function parallelGuesses(app: TestApp) {
  const { visitor } = await staffVisitor(app, "owner");
  const form = { intent: "add", email: uniqueEmail(), role: "manager", password: "временный пароль" };
  const answers = await Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const res = await visitor.post("/admin/staff/", { ...form, currentPassword: `угадываю ${i}` });
      return { status: res.status, text: await res.text() };
    }),
  );
  const checked = answers.filter((a) => a.status === 400);
  expect(checked).toHaveLength(5);
  for (const a of checked) expect(a.text).toContain("Пароль не подошёл");
  const refused = answers.filter((a) => a.status === 429);
  expect(refused).toHaveLength(25);
  for (const a of refused) expect(a.text).toContain("Слишком много неверных попыток");
  const right = await visitor.post("/admin/staff/", { ...form, currentPassword: STAFF_PASSWORD });
  expect(right.status).toBe(429);
  const stored = await app.vitrina.db.kysely.selectFrom("users").select("id").where("email", "=", form.email).executeTakeFirst();
  expect(stored).toBeUndefined();
}

describe.each(dialects)("the staff password re-check counted in Redis on %s", (dialect) => {
  const prefix = uniqueRedisPrefix();
  let app: TestApp;
  beforeAll(async () => {
    // 30 posts at once keep the event loop busy past Redis's 250 ms command timeout on a loaded
    // machine, and a timed-out hit is counted by this instance alone (decision 094): that
    // fallback is not what this test is about
    app = await startTestApp(dialect, { redis: { url: SHARED_REDIS_URL, prefix, commandTimeoutMs: 10_000 } });
  });
  afterAll(async () => {
    await app?.stop();
    await deleteRedisKeys(SHARED_REDIS_URL, prefix);
  });

  it("lets only 5 of 30 parallel wrong guesses be checked, the count shared through Redis", async () => {
    await parallelGuesses(app);
    const counts = Object.entries(await redisValues(SHARED_REDIS_URL, prefix)).filter(([k]) => k.startsWith("rate:staff:reauth:"));
    expect(counts.map(([, v]) => v)).toEqual(["5"]);
  });
});

describe("npm run staff (SQLite file)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-staff-"));
  const env = { ...process.env, DATABASE_URL: path.join(dir, "cli.db"), STAFF_PASSWORD: "пароль владельца" };
  const staff = (...args: string[]) => run(process.execPath, [path.join(root, "scripts/staff.ts"), ...args], { env, cwd: root });
  const fails = async (...args: string[]) => {
    const err = (await staff(...args).then(
      () => null,
      (e: unknown) => e,
    )) as { code: number; stderr: string } | null;
    expect(err, `staff ${args.join(" ")} should fail`).not.toBeNull();
    return err!;
  };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("adds the first owner, lists, re-roles and removes, refusing bad input with a non-zero exit", async () => {
    expect((await staff("add", "Owner@Example.ru", "--role", "owner", "--name", "Анна")).stdout).toContain("owner@example.ru");
    expect((await staff("add", "m@example.ru", "--role", "manager")).stdout).toContain("manager");
    let list = (await staff("list")).stdout;
    expect(list).toMatch(/owner@example\.ru\towner/);
    expect(list).toMatch(/m@example\.ru\tmanager/);

    expect((await staff("set-role", "m@example.ru", "content")).stdout).toContain("content");
    expect((await fails("set-role", "m@example.ru", "admin")).stderr).toContain("Неизвестная роль");
    expect((await fails("add", "x@example.ru")).code).toBe(2);
    expect((await fails("remove", "owner@example.ru")).stderr).toContain("последнего владельца");
    expect((await fails("remove", "nobody@example.ru")).stderr).toContain("нет");
    expect((await fails("frobnicate")).stderr).toContain("usage");

    expect((await staff("remove", "m@example.ru")).stdout).toContain("больше не сотрудник");
    list = (await staff("list")).stdout;
    expect(list).not.toContain("m@example.ru");
    // eleven processes, each starting Node and opening (the first: migrating) the database
  }, 90_000);
});
