// The back office's requests («Заявки»): callback and feedback submissions with their consent
// record and attachments, a status (new / in_progress / closed), an assignee and a staff note.
// Every save is audited in its own transaction and refused when another staff member saved first.
import { sql } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { FileStorage } from "../../lib/ports.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { attachmentKey, FormFieldsSchema, isAttachment } from "./forms.server.ts";
import { CONSENT_TEXTS, isConsentVersion } from "../../lib/consent.ts";
import { parseJsonList, readJsonColumn } from "../../lib/json-columns.ts";
import { isRequestStatus, isRequestType, REQUEST_NOTE_MAX, requestSearchPatterns, type RequestStatus, type RequestType } from "./request-status.ts";
import type { RequestDetail, RequestPage, StaffOption } from "./request-types.ts";
import { STAFF_ROLES, canAccess } from "../staff/index.ts";
import { readPageNumber } from "../../lib/paging.ts";
import { updateAtVersion } from "../../db/versioned-update.ts";
import { countedPage } from "../../db/counted-page.ts";

export const REQUESTS_PER_PAGE = 20;

export interface RequestFilter {
  status: RequestStatus | null;
  type: RequestType | null;
  /** a staff account id, or "none" for requests nobody took */
  assignee: number | "none" | null;
  query: string;
  page: number;
}

/** Reads the list's filters from a URL's query; anything odd is ignored, never an error. */
export function parseRequestFilter(params: URLSearchParams): RequestFilter {
  const status = params.get("status");
  const type = params.get("type");
  const assignee = params.get("assignee") ?? "";
  return {
    status: isRequestStatus(status) ? status : null,
    type: isRequestType(type) ? type : null,
    assignee: assignee === "none" ? "none" : /^\d{1,9}$/.test(assignee) ? Number(assignee) : null,
    query: (params.get("q") ?? "").trim().slice(0, 100),
    page: readPageNumber(params.get("page")),
  };
}

export async function listRequests(db: Db, filter: RequestFilter): Promise<RequestPage> {
  let q = db.kysely.selectFrom("form_submissions as s").leftJoin("users as u", "u.id", "s.assignee_id");
  if (filter.status) q = q.where("s.status", "=", filter.status);
  if (filter.type) q = q.where("s.form", "=", filter.type);
  if (filter.assignee === "none") q = q.where("s.assignee_id", "is", null);
  else if (filter.assignee !== null) q = q.where("s.assignee_id", "=", filter.assignee);
  const { text, phone } = requestSearchPatterns(filter.query);
  if (text.length > 0) {
    q = q.where((eb) =>
      eb.or([
        ...text.flatMap((p) => [eb(sql`s.name`, "like", sql`${p} escape '\\'`), eb(sql`s.email`, "like", sql`${p} escape '\\'`)]),
        ...(phone ? [eb("s.phone", "like", phone)] : []),
      ]),
    );
  }
  const { total, page, pages, limit, offset } = await countedPage(q, filter.page, REQUESTS_PER_PAGE);
  const rows = await q
    .select(["s.id", "s.form", "s.name", "s.phone", "s.email", "s.status", "s.attachments", "s.created_at", "u.email as assignee_email"])
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    total,
    page,
    pages,
    items: rows.map((r) => ({
      id: Number(r.id),
      type: r.form,
      name: r.name,
      phone: r.phone,
      email: r.email,
      status: r.status,
      assigneeEmail: r.assignee_email ?? null,
      attachments: parseJsonList(r.attachments, isAttachment).length,
      createdAt: Number(r.created_at),
    })),
  };
}

export async function getRequest(db: Db, id: number): Promise<RequestDetail | null> {
  const r = await db.kysely.selectFrom("form_submissions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!r) return null;
  return {
    id: Number(r.id),
    type: r.form,
    name: r.name,
    phone: r.phone,
    email: r.email,
    message: r.message,
    // an unreadable column shows no extra fields rather than failing the page
    fields: readJsonColumn(r.fields, FormFieldsSchema, { fallback: {} }),
    attachments: parseJsonList(r.attachments, isAttachment).map((a) => ({ name: a.name, size: Number(a.size) || 0 })),
    status: r.status,
    assigneeId: r.assignee_id === null ? null : Number(r.assignee_id),
    note: r.note,
    version: Number(r.version),
    consent: {
      version: r.consent_version,
      text: isConsentVersion(r.consent_version) ? CONSENT_TEXTS[r.consent_version] : null,
      at: Number(r.consent_at),
      address: r.client_address,
      userAgent: r.user_agent,
    },
    createdAt: Number(r.created_at),
  };
}

/** Who can take a request: staff whose role opens «Заявки». */
export async function listRequestAssignees(db: Db): Promise<StaffOption[]> {
  const rows = await db.kysely
    .selectFrom("users")
    .select(["id", "email", "name", "role"])
    .where("role", "in", [...STAFF_ROLES])
    .orderBy("email")
    .execute();
  return rows.filter((r) => canAccess(r.role, "requests")).map((r) => ({ id: Number(r.id), email: r.email, name: r.name }));
}

export const REQUEST_MESSAGES = {
  status: "Выберите статус заявки",
  assignee: "Такого сотрудника нет или ему недоступны заявки",
  note: `Заметка длиннее ${REQUEST_NOTE_MAX} символов`,
  stale: "Заявку изменил другой сотрудник, обновите страницу",
} as const;

export type RequestUpdate = { status: unknown; assignee: unknown; note: unknown; version: unknown };

export type RequestUpdateOutcome =
  | { status: "saved"; version: number }
  | { status: "unchanged" }
  | { status: "not-found" }
  | { status: "invalid"; errors: Partial<Record<"status" | "assignee" | "note", string>> }
  | { status: "stale"; message: string };

/** Saves status, assignee and note in one transaction with its audit entry. */
export async function updateRequest(db: Db, actor: StaffActor, id: number, input: RequestUpdate, now = Date.now()): Promise<RequestUpdateOutcome> {
  const errors: Partial<Record<"status" | "assignee" | "note", string>> = {};
  if (!isRequestStatus(input.status)) errors.status = REQUEST_MESSAGES.status;
  const rawAssignee = typeof input.assignee === "string" ? input.assignee.trim() : "";
  let assigneeId: number | null = null;
  if (rawAssignee !== "") {
    if (!/^\d{1,9}$/.test(rawAssignee)) errors.assignee = REQUEST_MESSAGES.assignee;
    else assigneeId = Number(rawAssignee);
  }
  const note = typeof input.note === "string" ? input.note.replace(/\r\n/g, "\n").trim() : "";
  if (note.length > REQUEST_NOTE_MAX) errors.note = REQUEST_MESSAGES.note;
  const version = typeof input.version === "string" && /^\d{1,9}$/.test(input.version) ? Number(input.version) : null;
  if (assigneeId !== null && !errors.assignee) {
    const staff = await db.kysely.selectFrom("users").select("role").where("id", "=", assigneeId).executeTakeFirst();
    if (!staff || !canAccess(staff.role, "requests")) errors.assignee = REQUEST_MESSAGES.assignee;
  }
  if (Object.keys(errors).length > 0) return { status: "invalid", errors };
  const status = input.status as RequestStatus;

  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("form_submissions").select(["status", "assignee_id", "note", "version"]).where("id", "=", id).executeTakeFirst();
    if (!row) return { status: "not-found" } as const;
    if (version !== null && version !== Number(row.version)) return { status: "stale", message: REQUEST_MESSAGES.stale } as const;
    const before = { status: row.status, assigneeId: row.assignee_id === null ? null : Number(row.assignee_id), note: row.note };
    const after = { status, assigneeId, note };
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => before[k] !== after[k]);
    if (changed.length === 0) return { status: "unchanged" } as const;
    // the version makes a concurrent save between our read and write lose, not overwrite
    if (!(await updateAtVersion(trx, "form_submissions", { column: "id", id }, Number(row.version), { status, assignee_id: assigneeId, note })))
      return { status: "stale", message: REQUEST_MESSAGES.stale } as const;
    await recordAudit(
      trx,
      actor,
      {
        action: "request.update",
        entity: "request",
        entityId: id,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      },
      now,
    );
    return { status: "saved", version: Number(row.version) + 1 } as const;
  });
}

/** The n-th attachment (1-based) of a request, with its bytes; null when there is none. */
export async function readRequestAttachment(
  db: Db,
  storage: FileStorage,
  id: number,
  n: number,
): Promise<{ name: string; mime: string; bytes: Buffer } | null> {
  const row = await db.kysely.selectFrom("form_submissions").select("attachments").where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const file = parseJsonList(row.attachments, isAttachment)[n - 1];
  if (!file) return null;
  const bytes = await storage.read(attachmentKey(file.file));
  return { name: file.name, mime: file.file.endsWith(".png") ? "image/png" : "image/jpeg", bytes };
}

/** For the dashboard: requests nobody has started on. */
export async function countNewRequests(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom("form_submissions")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "new")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
