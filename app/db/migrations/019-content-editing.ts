import type { Kysely } from "kysely";

// Content editing in the back office: the warning banner moves from a constant in the
// code to one row staff edit (text, on/off, dates); pages and showrooms get a version so two
// editors cannot overwrite each other unseen.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("site_banner")
    .addColumn("id", "integer", (c) => c.primaryKey())
    // names the cookie that hides it; a new text gets a new key, so a closed banner's news is seen
    .addColumn("cookie_key", "varchar(60)", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    // Moscow calendar days as YYYY-MM-DD, inclusive; null: no limit
    .addColumn("starts_on", "varchar(10)")
    .addColumn("ends_on", "varchar(10)")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  // the notice the shop showed before it was editable, so an upgraded shop looks the same
  await db
    .insertInto("site_banner")
    .values({
      id: 1,
      cookie_key: "notice-holidays",
      text: "С 30 декабря по 8 января доставка работает по особому графику: уточняйте сроки у менеджера.",
      enabled: 1,
      starts_on: null,
      ends_on: null,
      version: 1,
      updated_at: 0,
    })
    .execute();

  // the lifting tariffs of delivery to a floor (kopecks), as app/features/delivery/delivery-pricing.ts had them
  await db.schema
    .createTable("lift_tariffs")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("stairs_per_floor_per_50kg", "bigint", (c) => c.notNull())
    .addColumn("passenger_lift_per_50kg", "bigint", (c) => c.notNull())
    .addColumn("freight_lift_per_100kg", "bigint", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto("lift_tariffs")
    .values({ id: 1, stairs_per_floor_per_50kg: 9_000, passenger_lift_per_50kg: 29_000, freight_lift_per_100kg: 29_000, version: 1, updated_at: 0 })
    .execute();

  await db.schema
    .alterTable("pages")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("contact_points")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contact_points").dropColumn("version").execute();
  await db.schema.alterTable("pages").dropColumn("version").execute();
  await db.schema.dropTable("lift_tariffs").ifExists().execute();
  await db.schema.dropTable("site_banner").ifExists().execute();
}
