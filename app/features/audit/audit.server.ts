// The back office's append-only audit log («Журнал»): who did what, when, with the fields before
// and after. Written in the same transaction as the change it records, so a change never lands
// without its entry (and an entry never stays for a change that was rolled back). There is no
// update or delete here on purpose. Every area that records a change imports this, so it imports no
// other feature (docs/decisions/106-no-cycles-between-features.md); how the log reads to a person
// (names of actions and objects) is the staff feature's audit view.
import type { Kysely, Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import { z } from "zod";
import { readJsonColumn } from "../../lib/json-columns.ts";
import { countedPage } from "../../db/counted-page.ts";
import type { AuditEntry } from "./audit-types.ts";

export type { AuditEntry };

export interface StaffActor {
  /** null for the `npm run staff` command line, which acts as no account */
  id: number | null;
  email: string;
  /** who the order history names instead of the account, when a system acts through it («1С», decision 089) */
  label?: string;
}

export interface AuditEntryInput {
  /** e.g. "order.status", "order.edit", "review.publish", "request.update", "staff.add" */
  action: string;
  /** e.g. "order", "review", "request", "user" */
  entity: string;
  entityId: string | number;
  /** the changed fields before (null when created) and after (null when removed) */
  before: unknown;
  after: unknown;
}

export async function recordAudit(
  executor: Kysely<Database> | Transaction<Database>,
  actor: StaffActor,
  entry: AuditEntryInput,
  now = Date.now(),
): Promise<void> {
  await executor
    .insertInto("audit_log")
    .values({
      actor_id: actor.id,
      actor_email: actor.email,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before: JSON.stringify(entry.before ?? null),
      after: JSON.stringify(entry.after ?? null),
      created_at: now,
    })
    .execute();
}

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  actorId?: number;
  /** 1-based */
  page?: number;
  pageSize?: number;
}

/** Newest first, one page, with the total for the pager. */
export async function listAudit(db: Db, filter: AuditFilter = {}): Promise<{ entries: AuditEntry[]; total: number; page: number; pages: number }> {
  const pageSize = Math.min(Math.max(filter.pageSize ?? 50, 1), 200);
  let query = db.kysely.selectFrom("audit_log");
  if (filter.entity) query = query.where("entity", "=", filter.entity);
  if (filter.entityId) query = query.where("entity_id", "=", filter.entityId);
  if (filter.actorId !== undefined) query = query.where("actor_id", "=", filter.actorId);
  const { total, page, pages, limit, offset } = await countedPage(query, filter.page ?? 1, pageSize);
  const rows = await query.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
  return {
    total,
    page,
    pages,
    entries: rows.map((r) => ({
      id: r.id,
      actorId: r.actor_id,
      actorEmail: r.actor_email,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      // any JSON is a record's before and after; a row that is not JSON shows as «nothing», not a 500
      before: readJsonColumn(r.before, z.unknown(), { fallback: null }),
      after: readJsonColumn(r.after, z.unknown(), { fallback: null }),
      createdAt: Number(r.created_at),
    })),
  };
}
