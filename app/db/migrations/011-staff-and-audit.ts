import type { CreateTableBuilder, Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// The back office: staff are accounts with a role; every staff action is written to an
// append-only audit log; orders get a version for optimistic concurrency (two staff editing one
// order) and a manager's note; a status change remembers which staff member made it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  // null for customers; "owner" | "manager" | "content" for staff (app/features/staff/staff-roles.ts)
  await db.schema.alterTable("users").addColumn("role", "varchar(16)").execute();

  await id(db.schema.createTable("audit_log"))
    // the staff member (null once the account is removed; actor_email keeps who it was)
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_email", "varchar(254)", (c) => c.notNull())
    /** e.g. "order.status", "order.edit", "review.publish", "request.update", "staff.add" */
    .addColumn("action", "varchar(64)", (c) => c.notNull())
    /** e.g. "order", "review", "request", "user" */
    .addColumn("entity", "varchar(32)", (c) => c.notNull())
    .addColumn("entity_id", "varchar(64)", (c) => c.notNull())
    /** JSON of the changed fields before and after ("null" when created or removed) */
    .addColumn("before", "text", (c) => c.notNull())
    .addColumn("after", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_idx").on("audit_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity", "entity_id", "created_at"]).execute();

  await db.schema
    .alterTable("orders")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("manager_note", "varchar(2000)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("order_status_history")
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_status_history").dropColumn("actor_id").execute();
  await db.schema.alterTable("orders").dropColumn("manager_note").execute();
  await db.schema.alterTable("orders").dropColumn("version").execute();
  await db.schema.dropTable("audit_log").ifExists().execute();
  await db.schema.alterTable("users").dropColumn("role").execute();
}
