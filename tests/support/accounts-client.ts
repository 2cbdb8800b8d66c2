// A tiny browser stand-in for the account and file tests: keeps the session cookie, sends
// same-origin Fetch Metadata (the CSRF guard), never follows redirects on its own.
import crypto from "node:crypto";
import { expect } from "vitest";
import { mailOutboxOf } from "./test-app.ts";
import { confirmationPath, lastMailTo } from "./outbox.ts";

export const SESSION_SECRET = "test-secret-test-secret-test-secret-0123"; // tests/support/test-app.ts

export function signedSessionCookie(id: string): string {
  const mac = crypto.createHmac("sha256", SESSION_SECRET).update(id).digest("base64url").slice(0, 22);
  return `vitrina_sid=${encodeURIComponent(`${id}.${mac}`)}`;
}

export class Visitor {
  readonly base: string;
  cookie = "";
  constructor(base: string) {
    this.base = base;
  }

  private remember(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ""] = c.split(";");
      if (!pair.startsWith("vitrina_sid=")) continue;
      const cleared = /max-age=0|expires=thu, 01 jan 1970/i.test(c) || pair === "vitrina_sid=";
      this.cookie = cleared ? "" : pair;
    }
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("sec-fetch-site", "same-origin");
    if (this.cookie) headers.set("cookie", this.cookie);
    const res = await fetch(this.base + path, { ...init, headers, redirect: "manual" });
    this.remember(res);
    return res;
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.request(path, { headers });
  }

  /** A plain HTML form post (what a browser without JavaScript sends). */
  post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request(path, { method: "POST", body: new URLSearchParams(fields), headers: { accept: "text/html", ...headers } });
  }

  postForm(path: string, body: FormData | URLSearchParams, headers: Record<string, string> = {}) {
    return this.request(path, { method: "POST", body, headers: { accept: "application/json", ...headers } });
  }
}

let seq = 0;
export const uniqueEmail = (tag = "user") => `${tag}.${process.pid}.${Date.now()}.${++seq}@example.ru`;

export const PASSWORD = "диван и кресло 2026";

/** Asks for an account: the answer is the «we sent a letter» page; nothing is signed in yet. */
export function requestAccount(v: Visitor, email: string, password = PASSWORD, name = "Анна"): Promise<Response> {
  return v.post("/register/", { name, email, phone: "+7 (916) 123-45-67", password, consent: "on" });
}

/** Opens the confirmation link from the last mail to `email` and confirms it (the visitor is signed in). */
export async function confirmFromMail(v: Visitor, email: string): Promise<Response> {
  const link = confirmationPath(lastMailTo(mailOutboxOf(v.base), email));
  expect((await v.get(link)).status).toBe(200);
  return v.post(link, {});
}

/** Registers a fresh account through the e-mailed link (which also signs the visitor in) and returns its e-mail. */
export async function registerVisitor(v: Visitor, email = uniqueEmail(), password = PASSWORD): Promise<string> {
  const res = await requestAccount(v, email, password);
  expect(
    res.status,
    await res
      .clone()
      .text()
      .then((t) => t.slice(0, 300)),
  ).toBe(200);
  const confirmed = await confirmFromMail(v, email);
  expect(confirmed.status).toBe(303);
  expect(confirmed.headers.get("location")).toBe("/profile/");
  expect(v.cookie).not.toBe("");
  return email;
}

export async function login(v: Visitor, email: string, password = PASSWORD, back?: string): Promise<Response> {
  return v.post("/login/", back ? { email, password, back } : { email, password });
}
