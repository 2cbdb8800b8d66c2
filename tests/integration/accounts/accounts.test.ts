import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, TEST_PUBLIC_URL, type TestApp } from "../../support/test-app.ts";
import { confirmationPath, lastMailTo, readOutbox } from "../../support/outbox.ts";
import { createSession, findSession, saveSessionData } from "../../../app/features/accounts/sessions.server.ts";
import { createPasswordResetToken, requestRegistration } from "../../../app/features/accounts/users.server.ts";
import { confirmFromMail, login, PASSWORD, registerVisitor, requestAccount, signedSessionCookie, uniqueEmail, Visitor } from "../../support/accounts-client.ts";

const sidOf = (cookie: string) => decodeURIComponent(cookie.replace(/^vitrina_sid=/, "")).replace(/\.[^.]*$/, "");

describe.each(dialects)("accounts on %s", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app?.stop();
  });
  const db = () => app.vitrina.db;
  const visitor = () => new Visitor(app.url);

  describe("registration", () => {
    it("refuses bad input with a Russian message per field, a 4xx, and keeps what was typed", async () => {
      const v = visitor();
      const res = await v.post("/register/", { name: "", email: "anna@", phone: "12345", password: "short", back: "/profile/" });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain("Укажите имя");
      expect(html).toContain("Укажите e-mail в формате name@example.ru");
      expect(html).toContain("Укажите телефон в формате +7 (XXX) XXX-XX-XX");
      expect(html).toContain("Придумайте пароль не короче 8 символов");
      expect(html).toContain("Подтвердите согласие на обработку персональных данных");
      expect(html).toContain('value="anna@"');
      expect(html).not.toContain("short"); // passwords are never echoed back
      expect(v.cookie).toBe("");
    });

    it("takes 8 characters and also 64 and more; refuses 7", async () => {
      const base = { name: "Анна", phone: "8 916 123 45 67", consent: "on" };
      expect((await visitor().post("/register/", { ...base, email: uniqueEmail(), password: "1234567" })).status).toBe(400);
      expect((await visitor().post("/register/", { ...base, email: uniqueEmail(), password: "12345678" })).status).toBe(200);
      expect((await visitor().post("/register/", { ...base, email: uniqueEmail(), password: "п".repeat(64) })).status).toBe(200);
      expect((await visitor().post("/register/", { ...base, email: uniqueEmail(), password: "x".repeat(300) })).status).toBe(200);
    });

    it("hashes with argon2id, normalises e-mail and phone, and signs the new user in", async () => {
      const v = visitor();
      const email = uniqueEmail("Mixed.Case");
      await registerVisitor(v, `  ${email.toUpperCase()} `);
      const row = await db().kysely.selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(PASSWORD);
      expect(row.phone).toBe("+7 (916) 123-45-67");
      const session = await findSession(db(), sidOf(v.cookie));
      expect(session?.userId).toBe(row.id);
      const profile = await v.get("/profile/");
      expect(profile.status).toBe(200);
      expect((await profile.text()).replace(/<!-- -->/g, "")).toContain("Здравствуйте, Анна!");
    });

    it("answers an address that has an account exactly as a new one, and mails its owner instead", async () => {
      const email = await registerVisitor(visitor());
      const fresh = uniqueEmail("fresh");
      const [taken, unused] = [visitor(), visitor()];
      const a = await requestAccount(taken, `  ${email.toUpperCase()} `, "чужой пароль 2026", "Борис");
      const b = await requestAccount(unused, fresh, "чужой пароль 2026", "Борис");
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      // the same page, byte for byte, once the address itself and the per-response CSP nonce are taken out
      const page = async (res: Response, address: string) => (await res.text()).replaceAll(address, "<email>").replace(/nonce="[^"]*"/g, "");
      const [pageA, pageB] = [await page(a, email), await page(b, fresh)];
      expect(pageA).toContain("Мы отправили письмо на <email>");
      expect(pageA).toBe(pageB);
      expect(pageA).not.toContain("уже зарегистрирован");
      expect([taken.cookie, unused.cookie]).toEqual(["", ""]);

      // the owner gets a note with links to sign in or reset the password, from PUBLIC_URL
      const note = lastMailTo(app.mailOutboxDir, email);
      expect(note.subject).toBe("Попытка регистрации в «Витрине»");
      expect(note.text).toContain("Кто-то пытался зарегистрироваться в «Витрине» с вашим адресом");
      expect(note.text).toContain(`войдите: ${TEST_PUBLIC_URL}/login/`);
      expect(note.text).toContain(`восстановите пароль, если забыли его: ${TEST_PUBLIC_URL}/password/reset/`);
      expect(note.text).not.toContain("/register/confirm/");
      // nothing about the account changed: the old password still works, the new one does not
      expect(await db().kysely.selectFrom("users").select("id").where("email", "=", email).execute()).toHaveLength(1);
      expect((await login(visitor(), email, "чужой пароль 2026")).status).toBe(401);
      expect((await login(visitor(), email)).status).toBe(303);
      // the new address got a confirmation link instead
      expect(lastMailTo(app.mailOutboxDir, fresh).text).toContain(`${TEST_PUBLIC_URL}/register/confirm/`);
    });

    it("creates the account only through the single-use e-mailed link, which signs the visitor in with his cart", async () => {
      const v = visitor();
      const email = uniqueEmail("optin");
      const product = await db()
        .kysely.selectFrom("products")
        .select("id")
        .where("kind", "=", "product")
        .where("stock", ">", 2)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const added = await v.request("/cart/product/", {
        method: "POST",
        body: JSON.stringify({ id: product.id, cnt: 2, mode: "add" }),
        headers: { "content-type": "application/json" },
      });
      expect(added.status).toBe(200);
      const anonymousId = sidOf(v.cookie);

      const res = await requestAccount(v, email);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`Мы отправили письмо на ${email}`);
      // not an account yet: no row, and signing in gets the usual answer for an unknown address
      expect(await db().kysely.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
      const early = await login(visitor(), email);
      expect(early.status).toBe(401);
      expect(await early.text()).toContain("Неверный e-mail или пароль");

      const mail = lastMailTo(app.mailOutboxDir, email);
      expect(mail.subject).toBe("Подтвердите регистрацию в «Витрине»");
      const link = confirmationPath(mail);
      expect(mail.text).toContain(`${TEST_PUBLIC_URL}${link}`);
      // only the token's hash is stored
      const token = link.split("/")[3]!;
      const pending = await db().kysely.selectFrom("pending_registrations").selectAll().where("email", "=", email).execute();
      expect(pending).toHaveLength(1);
      expect(pending[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(pending)).not.toContain(token);
      expect(pending[0]!.password_hash).toMatch(/^\$argon2id\$/);

      // opening the link changes nothing (mail scanners prefetch links); the button confirms
      const shown = await v.get(link);
      expect(shown.status).toBe(200);
      const html = await shown.text();
      expect(html).toContain(email);
      expect(html).toContain("Подтвердить регистрацию");
      expect(html).toContain('name="referrer" content="same-origin"');
      expect(await db().kysely.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();

      const confirmed = await v.post(link, {});
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get("location")).toBe("/profile/");
      const user = await db().kysely.selectFrom("users").select(["id", "name"]).where("email", "=", email).executeTakeFirstOrThrow();
      // a new session id, as at login, and the cart came along
      const sid = sidOf(v.cookie);
      expect(sid).not.toBe(anonymousId);
      expect(await findSession(db(), anonymousId)).toBeNull();
      expect((await findSession(db(), sid))?.userId).toBe(user.id);
      const profile = await v.get("/profile/");
      expect(profile.status).toBe(200);
      expect((await profile.text()).replace(/<!-- -->/g, "")).toContain("Здравствуйте, Анна!");
      expect(await (await v.get("/cart/")).text()).toMatch(/value="2"/);

      // the link works once
      expect((await visitor().get(link)).status).toBe(410);
      const again = await visitor().post(link, {});
      expect(again.status).toBe(410);
      expect(await again.text()).toContain("Ссылка для подтверждения регистрации устарела или уже использована");
      expect(await db().kysely.selectFrom("pending_registrations").select("email").where("email", "=", email).execute()).toEqual([]);
      expect((await login(visitor(), email)).status).toBe(303);
    });

    it("re-registering an unconfirmed address sends a new link; the first link used wins and spends the others", async () => {
      const email = uniqueEmail("twice");
      const first = visitor();
      expect((await requestAccount(first, email, "первый пароль 2026")).status).toBe(200);
      const firstLink = confirmationPath(lastMailTo(app.mailOutboxDir, email));
      const second = visitor();
      expect((await requestAccount(second, email, "второй пароль 2026")).status).toBe(200);
      const mails = readOutbox(app.mailOutboxDir, email);
      expect(mails).toHaveLength(2);
      const secondLink = confirmationPath(mails[1]!);
      expect(secondLink).not.toBe(firstLink);

      expect((await confirmFromMail(second, email)).status).toBe(303);
      expect((await login(visitor(), email, "второй пароль 2026")).status).toBe(303);
      expect((await login(visitor(), email, "первый пароль 2026")).status).toBe(401);
      expect((await first.get(firstLink)).status).toBe(410);
      expect((await first.post(firstLink, {})).status).toBe(410);
      expect(first.cookie).toBe("");
    });

    it("refuses an expired or malformed link", async () => {
      const email = uniqueEmail("late");
      const old = await requestRegistration(db(), { name: "Анна", email, phone: "", password: PASSWORD }, Date.now() - 25 * 60 * 60 * 1000);
      expect(old.kind).toBe("new");
      const link = `/register/confirm/${old.kind === "new" ? old.token : ""}/`;
      expect((await visitor().get(link)).status).toBe(410);
      const v = visitor();
      expect((await v.post(link, {})).status).toBe(410);
      expect(v.cookie).toBe("");
      expect(await db().kysely.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
      expect((await visitor().get("/register/confirm/not-a-token/")).status).toBe(410);
    });
  });

  describe("login and logout", () => {
    it("gives an unknown e-mail and a wrong password the same answer", async () => {
      const email = await registerVisitor(visitor());
      const wrong = await login(visitor(), email, "wrong password");
      const unknown = await login(visitor(), uniqueEmail("nobody"), "wrong password");
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const strip = (s: string) => s.replace(/value="[^"]*"/g, "").replace(/<script[\s\S]*?<\/script>/g, "");
      const [a, b] = [strip(await wrong.text()), strip(await unknown.text())];
      expect(a).toContain("Неверный e-mail или пароль");
      expect(b).toContain("Неверный e-mail или пароль");
    });

    it("changes the session id at login, carries the anonymous lists over and drops the old row", async () => {
      const email = await registerVisitor(visitor());
      const anon = await createSession(db());
      await saveSessionData(db(), anon.id, { compare: [3, 5], flash: { x: 1 } });
      const v = visitor();
      v.cookie = signedSessionCookie(anon.id);
      const res = await login(v, email, PASSWORD, "/profile/");
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/profile/");
      const newId = sidOf(v.cookie);
      expect(newId).not.toBe(anon.id);
      expect(await findSession(db(), anon.id)).toBeNull();
      const s = await findSession(db(), newId);
      expect(s?.data).toEqual({ compare: [3, 5] });
      const user = await db().kysely.selectFrom("users").select(["id", "saved_data"]).where("email", "=", email).executeTakeFirstOrThrow();
      expect(s?.userId).toBe(user.id);
      expect(JSON.parse(user.saved_data)).toEqual({ compare: [3, 5] });
    });

    it("merges the anonymous comparison into the account's at the next login", async () => {
      const email = await registerVisitor(visitor());
      await db()
        .kysely.updateTable("users")
        .set({ saved_data: JSON.stringify({ compare: [1, 3] }) })
        .where("email", "=", email)
        .execute();
      const anon = await createSession(db());
      await saveSessionData(db(), anon.id, { compare: [3, 7] });
      const v = visitor();
      v.cookie = signedSessionCookie(anon.id);
      expect((await login(v, email)).status).toBe(303);
      expect((await findSession(db(), sidOf(v.cookie)))?.data).toEqual({ compare: [1, 3, 7] });
    });

    it("logout ends the session on the server; GET /logout/ changes nothing", async () => {
      const v = visitor();
      await registerVisitor(v);
      const id = sidOf(v.cookie);
      const stolen = v.cookie;
      expect((await v.get("/logout/")).status).toBe(302);
      expect(await findSession(db(), id)).not.toBeNull();
      const res = await v.post("/logout/", {});
      expect(res.status).toBe(303);
      expect(v.cookie).toBe("");
      expect(await findSession(db(), id)).toBeNull();
      const again = visitor();
      again.cookie = stolen; // the old cookie is worthless now
      const profile = await again.get("/profile/");
      expect(profile.status).toBe(303);
      expect(profile.headers.get("location")).toBe("/login/?back=%2Fprofile%2F");
    });

    it("sends visitors to the login page and back to where they were going", async () => {
      const res = await visitor().get("/profile/");
      expect(res.headers.get("location")).toBe("/login/?back=%2Fprofile%2F");
      const email = await registerVisitor(visitor());
      const v = visitor();
      const ok = await login(v, email, PASSWORD, "/profile/password/");
      expect(ok.headers.get("location")).toBe("/profile/password/");
      const evil = await login(visitor(), email, PASSWORD, "//evil.example/");
      expect(evil.headers.get("location")).toBe("/");
    });

    it("shows «Профиль» instead of «Войти» in the header once signed in", async () => {
      const v = visitor();
      expect(await (await v.get("/")).text()).toContain(">Войти<");
      await registerVisitor(v);
      expect(await (await v.get("/")).text()).toContain(">Профиль<");
    });
  });

  describe("login rate limits", () => {
    it("answers 429 with Retry-After after 5 failures on one account from one address, and a success clears the count", async () => {
      const email = await registerVisitor(visitor());
      for (let i = 0; i < 4; i++) expect((await login(visitor(), email, "wrong password")).status).toBe(401);
      expect((await login(visitor(), email)).status).toBe(303); // the owner is not locked out
      for (let i = 0; i < 5; i++) expect((await login(visitor(), email, "wrong password")).status).toBe(401);
      const limited = await login(visitor(), email);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
      expect(await limited.text()).toContain("Слишком много попыток входа");
      // the owner's way back in: a password reset clears the account's counter
      const { token } = (await createPasswordResetToken(db(), email))!;
      expect((await visitor().post(`/password/reset/${token}/`, { password: "новый пароль 2026" })).status).toBe(303);
      expect((await login(visitor(), email, "новый пароль 2026")).status).toBe(303);
    });

    it("limits one address trying many accounts", async () => {
      // a fresh app: the per-address counter is shared by every test above
      const other = await startTestApp(dialect, { seedDemo: false });
      try {
        const v = new Visitor(other.url);
        let last: Response | null = null;
        for (let i = 0; i < 31; i++) last = await login(v, uniqueEmail("spray"), "password1");
        expect(last!.status).toBe(429);
        expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
      } finally {
        await other.stop();
      }
    });
  });

  describe("profile and password change", () => {
    it("edits personal data with validation, keeps typed input and refuses a taken e-mail", async () => {
      const taken = await registerVisitor(visitor());
      const v = visitor();
      const email = await registerVisitor(v);
      const bad = await v.post("/profile/", { name: "Анна Петрова", email: "nope", phone: "+7 916 000 11 22" });
      expect(bad.status).toBe(400);
      const html = await bad.text();
      expect(html).toContain("Укажите e-mail в формате name@example.ru");
      expect(html).toContain('value="Анна Петрова"');
      expect((await v.post("/profile/", { name: "Анна", email: taken, phone: "9160001122" })).status).toBe(409);
      const ok = await v.post("/profile/", { name: "Анна Петрова", email, phone: "9160001122" });
      expect(ok.status).toBe(303);
      const row = await db().kysely.selectFrom("users").select(["name", "phone"]).where("email", "=", email).executeTakeFirstOrThrow();
      expect(row).toEqual({ name: "Анна Петрова", phone: "+7 (916) 000-11-22" });
      // orders do not exist yet: the history says so
      expect(await (await v.get("/profile/?saved=1")).text()).toContain("Заказов пока нет");
    });

    it("changes the password after checking the current one and ends the other sessions", async () => {
      const here = visitor();
      const email = await registerVisitor(here);
      const elsewhere = visitor();
      expect((await login(elsewhere, email)).status).toBe(303);
      const wrong = await here.post("/profile/password/", { currentPassword: "not it at all", newPassword: "совсем новый пароль" });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain("Текущий пароль введён неверно");
      expect((await here.post("/profile/password/", { currentPassword: PASSWORD, newPassword: "short" })).status).toBe(400);
      const ok = await here.post("/profile/password/", { currentPassword: PASSWORD, newPassword: "совсем новый пароль" });
      expect(ok.status).toBe(303);
      expect((await here.get("/profile/")).status).toBe(200);
      expect((await elsewhere.get("/profile/")).status).toBe(303);
      expect((await login(visitor(), email)).status).toBe(401);
      expect((await login(visitor(), email, "совсем новый пароль")).status).toBe(303);
    });

    it("asks for login before the password page", async () => {
      expect((await visitor().get("/profile/password/")).headers.get("location")).toBe("/login/?back=%2Fprofile%2Fpassword%2F");
      expect((await visitor().post("/profile/password/", { currentPassword: "x", newPassword: "yyyyyyyy" })).status).toBe(303);
    });
  });

  describe("password reset", () => {
    it("answers the same for known and unknown e-mails and stores only a token hash", async () => {
      const email = await registerVisitor(visitor());
      const known = await visitor().post("/password/reset/", { email });
      const unknown = await visitor().post("/password/reset/", { email: uniqueEmail("ghost") });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(await known.text()).toContain("Если такой e-mail зарегистрирован");
      expect(await unknown.text()).toContain("Если такой e-mail зарегистрирован");
      const user = await db().kysely.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      const tokens = await db().kysely.selectFrom("password_reset_tokens").selectAll().where("user_id", "=", user.id).execute();
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(Number(tokens[0]!.expires_at) - Number(tokens[0]!.created_at)).toBe(60 * 60 * 1000);
    });

    it("sets a new password once per link, ends every session, and refuses expired links", async () => {
      const v = visitor();
      const email = await registerVisitor(v);
      const { token } = (await createPasswordResetToken(db(), email))!;
      expect((await visitor().get(`/password/reset/${token}/`)).status).toBe(200);
      expect((await visitor().post(`/password/reset/${token}/`, { password: "short" })).status).toBe(400);
      const ok = await visitor().post(`/password/reset/${token}/`, { password: "пароль после сброса" });
      expect(ok.status).toBe(303);
      expect(ok.headers.get("location")).toBe("/login/?reset=done");
      expect((await v.get("/profile/")).status).toBe(303);
      const reused = await visitor().post(`/password/reset/${token}/`, { password: "ещё один пароль" });
      expect(reused.status).toBe(410);
      expect(await reused.text()).toContain("Ссылка для смены пароля устарела или уже использована");
      expect((await login(visitor(), email, "пароль после сброса")).status).toBe(303);

      const { token: old } = (await createPasswordResetToken(db(), email, Date.now() - 2 * 60 * 60 * 1000))!;
      expect((await visitor().get(`/password/reset/${old}/`)).status).toBe(410);
      expect((await visitor().post(`/password/reset/${old}/`, { password: "ещё один пароль" })).status).toBe(410);
      expect((await visitor().get("/password/reset/not-a-token/")).status).toBe(410);
    });
  });
});
