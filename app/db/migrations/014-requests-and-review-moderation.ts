import type { Kysely } from "kysely";

// The back office's requests and reviews (docs/decisions/072-requests-and-review-moderation.md):
// - form_submissions get a status (new / in_progress / closed), an assignee (a staff account) and a
//   staff note, and a version so that a stale save is refused;
// - reviews keep `approved` (the storefront's only question) and add why and when a moderator
//   decided: a rejected review has a reason, a hidden one the time it was taken down.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("form_submissions")
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("new"))
    .execute();
  await db.schema
    .alterTable("form_submissions")
    .addColumn("assignee_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("form_submissions")
    .addColumn("note", "varchar(2000)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("form_submissions")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  // the list filters by status, newest first; the dashboard counts the new ones
  await db.schema.createIndex("form_submissions_status_idx").on("form_submissions").columns(["status", "created_at"]).execute();

  await db.schema.alterTable("reviews").addColumn("rejected_reason", "varchar(500)").execute();
  await db.schema.alterTable("reviews").addColumn("hidden_at", "bigint").execute();
  await db.schema.alterTable("reviews").addColumn("moderated_at", "bigint").execute();
  await db.schema
    .alterTable("reviews")
    .addColumn("moderated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  // the moderation queue: unapproved reviews, newest first
  await db.schema.createIndex("reviews_queue_idx").on("reviews").columns(["approved", "created_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("reviews_queue_idx").ifExists().execute();
  for (const column of ["moderated_by", "moderated_at", "hidden_at", "rejected_reason"]) await db.schema.alterTable("reviews").dropColumn(column).execute();
  await db.schema.dropIndex("form_submissions_status_idx").ifExists().execute();
  for (const column of ["version", "note", "assignee_id", "status"]) await db.schema.alterTable("form_submissions").dropColumn(column).execute();
}
