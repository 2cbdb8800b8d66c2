import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { CURRENT_CONSENT_VERSION } from "../../../app/lib/consent.ts";
import { FORM_RATE_LIMIT, RATE_LIMIT_MESSAGE } from "../../../app/features/requests/forms.server.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe.each(dialects)("callback and feedback forms on %s", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const post = (path: string, body: URLSearchParams | FormData, headers: Record<string, string> = {}) =>
    fetch(app.url + path, { method: "POST", body, redirect: "manual", headers: { origin: app.url, accept: "application/json", ...headers } });
  const rows = () => app.vitrina.db.kysely.selectFrom("form_submissions").selectAll().orderBy("id").execute();
  const callback = (over: Record<string, string> = {}) =>
    new URLSearchParams({
      name: "Анна",
      phone: "8 (916) 123-45-67",
      time: "12-14",
      consent: "on",
      consent_version: CURRENT_CONSENT_VERSION,
      website: "",
      ajax: "callback",
      ...over,
    });

  it("answers {field: message} in Russian for bad input, and stores nothing", async () => {
    const res = await post("/forms/callback/", new URLSearchParams({ name: "", phone: "12", ajax: "callback" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      name: "Укажите имя",
      phone: "Укажите телефон в формате +7 (XXX) XXX-XX-XX",
      consent: "Подтвердите согласие на обработку персональных данных",
      consent_version: "Обновите страницу: текст согласия изменился",
    });
    expect(await rows()).toHaveLength(0);
  });

  it("answers {} and stores the submission with its consent version and time", async () => {
    const before = Date.now();
    const res = await post("/forms/callback/", callback(), { "user-agent": "vitest" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    const [row] = await rows();
    expect(row).toMatchObject({ form: "callback", name: "Анна", phone: "+7 (916) 123-45-67", consent_version: CURRENT_CONSENT_VERSION, user_agent: "vitest" });
    expect(JSON.parse(row!.fields)).toEqual({ time: "12-14" });
    expect(Number(row!.consent_at)).toBeGreaterThanOrEqual(before);
    expect(Number(row!.consent_at)).toBeLessThanOrEqual(Date.now());
    expect(row!.client_address).not.toBe("");
  });

  it("thanks a bot that filled the honeypot but keeps nothing", async () => {
    const count = (await rows()).length;
    const res = await post("/forms/callback/", callback({ website: "http://spam.example" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await rows()).toHaveLength(count);
  });

  it("accepts a PNG attachment by its content and refuses a renamed text file", async () => {
    const fd = () => {
      const f = new FormData();
      for (const [k, v] of Object.entries({
        name: "Олег",
        email: "oleg@example.ru",
        phone: "",
        message: "Пришёл диван с царапиной, фото прилагаю.",
        consent: "on",
        consent_version: CURRENT_CONSENT_VERSION,
        ajax: "feedback",
      }))
        f.set(k, v);
      return f;
    };
    const bad = fd();
    bad.append("files[]", new Blob(["not an image"], { type: "image/png" }), "photo.png");
    const refused = await post("/forms/feedback/", bad);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ "files[]": "Файл «photo.png»: можно приложить только изображение PNG или JPG" });

    const good = fd();
    good.append("files[]", new Blob([PNG], { type: "image/png" }), "царапина.png");
    const ok = await post("/forms/feedback/", good);
    expect(await ok.json()).toEqual({});
    const row = (await rows()).at(-1)!;
    expect(row.form).toBe("feedback");
    expect(row.email).toBe("oleg@example.ru");
    const attachments = JSON.parse(row.attachments) as { name: string; size: number; file: string }[];
    expect(attachments).toEqual([{ name: "царапина.png", size: PNG.length, file: expect.stringMatching(/^[0-9a-f]{32}\.png$/) }]);
  });

  it("works as a plain HTML form: errors re-render the page with what was typed, success redirects to a notice", async () => {
    const bad = await post(
      "/contacts/",
      new URLSearchParams({ name: "Мария", email: "maria@", message: "коротко", consent_version: CURRENT_CONSENT_VERSION, ajax: "feedback" }),
      { accept: "text/html" },
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Укажите e-mail в формате name@example.ru");
    expect(html).toContain("Напишите сообщение: не меньше 10 символов");
    expect(html).toContain('value="maria@"');
    expect(html).toContain("коротко</textarea>");

    const good = await post("/contacts/", callback({ name: "Мария" }), { accept: "text/html" });
    expect(good.status).toBe(303);
    expect(good.headers.get("location")).toBe("/contacts/?sent=callback#callback");
    const page = await (await fetch(app.url + "/contacts/?sent=callback")).text();
    expect(page).toContain("Спасибо за обращение");
    expect((await rows()).at(-1)?.name).toBe("Мария");
  });

  it("refuses GET and unknown forms", async () => {
    expect((await fetch(app.url + "/forms/callback/")).status).toBe(405);
    expect((await post("/forms/unknown/", callback())).status).toBe(404);
  });

  it("rate-limits valid submissions per client with 429 and a Russian message", async () => {
    const fresh = await startTestApp(dialect);
    try {
      for (let i = 0; i < FORM_RATE_LIMIT.limit; i++) {
        const res = await fetch(fresh.url + "/forms/callback/", { method: "POST", body: callback(), headers: { origin: fresh.url } });
        expect(res.status).toBe(200);
      }
      const limited = await fetch(fresh.url + "/forms/callback/", { method: "POST", body: callback(), headers: { origin: fresh.url } });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.json()).toEqual({ form: RATE_LIMIT_MESSAGE });
      const stored = await fresh.vitrina.db.kysely.selectFrom("form_submissions").select("id").execute();
      expect(stored).toHaveLength(FORM_RATE_LIMIT.limit);
    } finally {
      await fresh.stop();
    }
  });
});
