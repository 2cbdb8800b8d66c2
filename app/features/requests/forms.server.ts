// Callback and feedback submissions: validation (the shared Zod schemas), honeypot, rate limit,
// the consent log (form_submissions) and the e-mail to the shop.
import crypto from "node:crypto";
import { z } from "zod";
import type { Db } from "../../db/database.server.ts";
import type { FileStorage, Mailer, RateLimiter } from "../../lib/ports.ts";
import { CONSENT_TEXTS, type ConsentVersion } from "../../lib/consent.ts";
import { CALLBACK_SLOTS, validateForm, type FormName } from "./form-schemas.ts";
import { formValues, HONEYPOT_FIELD, type FieldErrors } from "../../lib/form-fields.ts";
import { SITE } from "../settings/index.ts";
import { parseJsonList, readJsonColumn } from "../../lib/json-columns.ts";

/** Valid submissions per form and client address in one window. */
export const FORM_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 } as const;
/** Every post, valid or not: bots hammering with garbage are stopped sooner. */
export const FORM_POST_LIMIT = { limit: 40, windowMs: 10 * 60_000 } as const;
export const RATE_LIMIT_MESSAGE = "Слишком много заявок подряд. Пожалуйста, попробуйте ещё раз через несколько минут или позвоните нам.";

export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const ATTACHMENT_MAX_FILES = 3;

export interface FormAttachment {
  name: string;
  size: number;
  /** stored file name under UPLOAD_DIR/forms */
  file: string;
}

/** an item of `form_submissions.attachments` whose file is one this module stored (a name that cannot leave the folder) */
export const isAttachment = (v: unknown): v is FormAttachment =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as FormAttachment).name === "string" &&
  typeof (v as FormAttachment).file === "string" &&
  /^[0-9a-f]{32}\.(png|jpg)$/.test((v as FormAttachment).file);

/** `form_submissions.fields`: the form's own fields beyond name, phone, e-mail and message */
export const FormFieldsSchema = z.record(z.string(), z.string());

export interface FormServices {
  db: Db;
  rateLimiter: Pick<RateLimiter, "hit">;
  mailer: Mailer;
  logger: { warn(obj: object, msg: string): void };
  storage: FileStorage;
}

export interface SubmissionMeta {
  clientAddress: string;
  userAgent: string;
  sessionId: string | null;
  now?: number;
}

export type SubmissionOutcome =
  | { status: "sent"; id: number }
  /** the honeypot was filled: the bot is told «thank you» and nothing is kept */
  | { status: "ignored" }
  | { status: "invalid"; errors: FieldErrors; values: Record<string, string> }
  | { status: "limited"; retryAfter: number; errors: FieldErrors; values: Record<string, string> }
  /** the attachments could not be written (a full disk): nothing is kept, the visitor may try later (507) */
  | { status: "unstored"; errors: FieldErrors; values: Record<string, string> };

export const ATTACHMENT_STORAGE_MESSAGE = "Не удалось сохранить файлы на сервере. Попробуйте позже или отправьте сообщение без вложений";

/** Values safe to send back into the page (never the honeypot or file contents). */
function echoValues(data: FormData): Record<string, string> {
  const values = formValues(data);
  delete values[HONEYPOT_FIELD];
  delete values["files[]"];
  return values;
}

export async function submitForm(services: FormServices, form: FormName, data: FormData, meta: SubmissionMeta): Promise<SubmissionOutcome> {
  const now = meta.now ?? Date.now();
  const values = echoValues(data);
  const address = meta.clientAddress || "unknown";

  const anyPost = await services.rateLimiter.hit(`forms:post:${address}`, FORM_POST_LIMIT.limit, FORM_POST_LIMIT.windowMs);
  if (!anyPost.allowed) return { status: "limited", retryAfter: anyPost.retryAfter, errors: { form: RATE_LIMIT_MESSAGE }, values };

  const honeypot = data.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { status: "ignored" };

  const parsed = validateForm(form, values);
  const files = form === "feedback" ? await readAttachments(data) : { ok: true as const, files: [] };
  if (!parsed.ok || !files.ok) {
    const errors: FieldErrors = { ...(parsed.ok ? {} : parsed.errors), ...(files.ok ? {} : { "files[]": files.error }) };
    return { status: "invalid", errors, values };
  }

  const valid = await services.rateLimiter.hit(`forms:${form}:${address}`, FORM_RATE_LIMIT.limit, FORM_RATE_LIMIT.windowMs);
  if (!valid.allowed) return { status: "limited", retryAfter: valid.retryAfter, errors: { form: RATE_LIMIT_MESSAGE }, values };

  let attachments: FormAttachment[];
  try {
    attachments = await storeAttachments(services.storage, files.files);
  } catch (err) {
    services.logger.warn({ err, form }, "form attachments not stored");
    return { status: "unstored", errors: { "files[]": ATTACHMENT_STORAGE_MESSAGE }, values };
  }
  const d = parsed.data as Record<string, string>;
  const { name = "", phone = "", email = "", message = "", consent_version = "", consent: _consent, ...rest } = d;
  const row = await services.db.kysely
    .insertInto("form_submissions")
    .values({
      form,
      name,
      phone,
      email,
      message,
      fields: JSON.stringify(rest),
      attachments: JSON.stringify(attachments),
      consent_version,
      consent_at: now,
      client_address: address.slice(0, 64),
      user_agent: meta.userAgent.slice(0, 300),
      session_id: meta.sessionId,
      mailed_at: null,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(row.id);

  // The visitor does not wait for the mail server; a failure is logged and the row stays unmailed.
  void services.mailer
    .send({ to: SITE.email, subject: `${FORM_TITLES[form]}: ${name}`, text: mailText(form, id, d, attachments, now) })
    .then(() => services.db.kysely.updateTable("form_submissions").set({ mailed_at: Date.now() }).where("id", "=", id).execute())
    .catch((err: unknown) => services.logger.warn({ err, submission: id }, "form submission mail failed"));

  return { status: "sent", id };
}

export const FORM_TITLES: Record<FormName, string> = { callback: "Обратный звонок", feedback: "Обратная связь" };

const FIELD_TITLES: Record<string, string> = { name: "Имя", phone: "Телефон", email: "Почта", time: "Удобное время", message: "Сообщение" };

function mailText(form: FormName, id: number, d: Record<string, string>, attachments: FormAttachment[], now: number): string {
  const lines = [`${FORM_TITLES[form]}, заявка № ${id}`, ""];
  for (const [key, title] of Object.entries(FIELD_TITLES)) {
    const v = d[key];
    if (!v) continue;
    lines.push(`${title}: ${key === "time" ? (CALLBACK_SLOTS.find((s) => s.value === v)?.label ?? v) : v}`);
  }
  for (const a of attachments) lines.push(`Файл: ${a.name} (${a.size} байт, сохранён как ${a.file})`);
  const version = d.consent_version as ConsentVersion;
  lines.push("", `Согласие на обработку персональных данных (версия ${version}, ${new Date(now).toISOString()}): «${CONSENT_TEXTS[version]}»`);
  return lines.join("\n");
}

interface IncomingFile {
  name: string;
  bytes: Uint8Array;
  ext: "png" | "jpg";
}

const ATTACHMENT_TYPE_MESSAGE = "Можно приложить только изображение PNG или JPG";

/** PNG or JPEG by their first bytes, whatever the name says. */
export function imageKind(bytes: Uint8Array): "png" | "jpg" | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  return null;
}

/** `files[]` holds native files, or data URLs when a widget keeps them in hidden fields. */
async function readAttachments(data: FormData): Promise<{ ok: true; files: IncomingFile[] } | { ok: false; error: string }> {
  const files: IncomingFile[] = [];
  for (const entry of data.getAll("files[]")) {
    let name: string;
    let bytes: Uint8Array;
    if (typeof entry === "string") {
      const m = /^data:[\w/+.-]*;base64,([A-Za-z0-9+/=\s]*)$/.exec(entry);
      if (!entry) continue;
      if (!m) return { ok: false, error: ATTACHMENT_TYPE_MESSAGE };
      if (m[1]!.length > (ATTACHMENT_MAX_BYTES * 4) / 3 + 8) return { ok: false, error: "Файл больше 2 МБ: приложите файл поменьше" };
      bytes = Buffer.from(m[1]!, "base64");
      name = "";
    } else {
      if (entry.size === 0 && !entry.name) continue;
      if (entry.size > ATTACHMENT_MAX_BYTES) return { ok: false, error: `Файл «${entry.name}» больше 2 МБ: приложите файл поменьше` };
      bytes = new Uint8Array(await entry.arrayBuffer());
      name = entry.name;
    }
    if (bytes.length > ATTACHMENT_MAX_BYTES) return { ok: false, error: "Файл больше 2 МБ: приложите файл поменьше" };
    const ext = imageKind(bytes);
    if (!ext) return { ok: false, error: name ? `Файл «${name}»: можно приложить только изображение PNG или JPG` : ATTACHMENT_TYPE_MESSAGE };
    files.push({ name: cleanName(name) || `изображение.${ext}`, bytes, ext });
  }
  if (files.length > ATTACHMENT_MAX_FILES) return { ok: false, error: `Можно приложить не больше ${ATTACHMENT_MAX_FILES} файлов` };
  return { ok: true, files };
}

/** A display name only: path parts and control characters removed; never used as a path. */
function cleanName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);
}

/** Attachments are kept under `forms/<random>.<ext>` (FormAttachment.file is that name). */
export const attachmentKey = (file: string) => `forms/${file}`;

async function storeAttachments(storage: FileStorage, files: IncomingFile[]): Promise<FormAttachment[]> {
  const stored: FormAttachment[] = [];
  try {
    for (const f of files) {
      const file = `${crypto.randomBytes(16).toString("hex")}.${f.ext}`;
      await storage.put(attachmentKey(file), f.bytes);
      stored.push({ name: f.name, size: f.bytes.length, file });
    }
  } catch (err) {
    // all of a submission's files or none: the ones already written go again
    for (const f of stored) await storage.remove(attachmentKey(f.file)).catch(() => undefined);
    throw err;
  }
  return stored;
}

export interface StoredSubmission {
  id: number;
  form: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  fields: Record<string, string>;
  attachments: FormAttachment[];
  consentVersion: string;
  consentAt: number;
  clientAddress: string;
  createdAt: number;
}

/**
 * The consent log, newest first.
 * @public for the back office's requests screen
 */
export async function listSubmissions(db: Db, form?: FormName, limit = 100): Promise<StoredSubmission[]> {
  let q = db.kysely.selectFrom("form_submissions").selectAll().orderBy("id", "desc").limit(limit);
  if (form) q = q.where("form", "=", form);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    form: r.form,
    name: r.name,
    phone: r.phone,
    email: r.email,
    message: r.message,
    fields: readJsonColumn(r.fields, FormFieldsSchema, { fallback: {} }),
    attachments: parseJsonList(r.attachments, isAttachment),
    consentVersion: r.consent_version,
    consentAt: Number(r.consent_at),
    clientAddress: r.client_address,
    createdAt: Number(r.created_at),
  }));
}

/** Bigger bodies are refused before parsing: three 2 MB images and the text fit well under it. */
export const FORM_BODY_MAX_BYTES = 8 * 1024 * 1024;
