import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely, type RawBuilder } from "kysely";
import type { Dialect } from "../dialect.ts";

// Product variants (docs/decisions/108-product-variants.md, 1.2–1.5): a product is a model, what is
// sold, counted and shipped is a row of product_variants. Every existing product becomes a model
// with one variant that takes the product's id, so every id already stored (cart lines, orders,
// favourites, guests' lists in session data, Market offer ids, 1C «Ид») stays right unrewritten.
// Applied once with every instance stopped (docs/operations.md): code before it cannot write a
// cart line without a variant.

/** Tables the storefront's shared pages show: they move the page version (migration 034). */
const NEW_PAGE_TABLES = [
  "product_variants",
  "product_variant_values",
  "variant_point_stock",
  "section_variant_properties",
  "property_swatches",
  "product_redirects",
] as const;

/**
 * products.price/old_price/stock/weight as the summary of the model's published variants (1.3):
 * the lowest price and that variant's old price, the sum of stock, the lowest weight (0 when any
 * has none). A model without a published variant keeps its last price and gets stock 0.
 */
function summaryUpdate(productId: string): string {
  const of = `from product_variants v where v.product_id = ${productId} and v.published = 1`;
  const first = `${of} order by v.price, v.position, v.id limit 1`;
  return `update products set
      price = coalesce((select v.price ${first}), price),
      old_price = case when exists (select 1 ${of}) then (select v.old_price ${first}) else old_price end,
      stock = coalesce((select sum(v.stock) ${of}), 0),
      weight = coalesce((select min(v.weight) ${of}), weight)
    where id = ${productId}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    pg
      ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  // 1. the tables and columns of 1.2
  await id(db.schema.createTable("product_variants"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("article", "varchar(60)", (c) => c.notNull().defaultTo(""))
    .addColumn("price", "bigint", (c) => c.notNull())
    .addColumn("old_price", "bigint")
    .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("images", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("external_id", "varchar(170)")
    .addColumn("exchange_hidden", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("product_variants_product_idx").on("product_variants").columns(["product_id", "position"]).execute();
  await db.schema.createIndex("product_variants_summary_idx").on("product_variants").columns(["product_id", "published", "price"]).execute();

  await db.schema
    .createTable("product_variant_values")
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id").onDelete("cascade"))
    .addColumn("property_id", "integer", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("value_text", "varchar(200)")
    .addColumn("value_num", "real")
    .addPrimaryKeyConstraint("product_variant_values_pk", ["variant_id", "property_id"])
    .execute();
  await db.schema.createIndex("product_variant_values_facet_idx").on("product_variant_values").columns(["property_id", "value_text", "variant_id"]).execute();

  await db.schema
    .createTable("variant_point_stock")
    .addColumn("variant_id", "integer", (c) => c.notNull().references("product_variants.id").onDelete("cascade"))
    .addColumn("point_id", "integer", (c) => c.notNull().references("contact_points.id").onDelete("cascade"))
    .addColumn("qty", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("variant_point_stock_pk", ["variant_id", "point_id"])
    .execute();

  await db.schema
    .createTable("section_variant_properties")
    .addColumn("section_id", "integer", (c) => c.notNull().references("sections.id").onDelete("cascade"))
    .addColumn("property_id", "integer", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("display", "varchar(10)", (c) => c.notNull().defaultTo("buttons"))
    .addPrimaryKeyConstraint("section_variant_properties_pk", ["section_id", "property_id"])
    .execute();

  await db.schema
    .createTable("property_swatches")
    .addColumn("property_id", "integer", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("value", "varchar(200)", (c) => c.notNull())
    .addColumn("color", "varchar(7)", (c) => c.notNull().defaultTo(""))
    .addColumn("image", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addPrimaryKeyConstraint("property_swatches_pk", ["property_id", "value"])
    .execute();

  await db.schema
    .alterTable("properties")
    .addColumn("schema_term", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("product_redirects")
    .addColumn("slug", "varchar(200)", (c) => c.primaryKey())
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("variant_id", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  // 2. every product becomes a model with one variant of the same id; 3. a repeated article stays
  // on the lowest id, the others' variants get '' (their model keeps products.article)
  await sql`insert into product_variants (id, product_id, article, price, old_price, stock, weight, position, published,
                                          images, external_id, created_at, updated_at)
    select p.id, p.id,
           case when p.article <> '' and exists (select 1 from products q where q.article = p.article and q.id < p.id) then '' else p.article end,
           p.price, p.old_price, p.stock, p.weight, 0, 1, '[]', p.external_id, p.created_at, p.updated_at
      from products p`.execute(db);
  if (pg)
    await sql`select setval(pg_get_serial_sequence('product_variants', 'id'), coalesce((select max(id) from product_variants), 0) + 1, false)`.execute(db);
  await sql`create unique index product_variants_article_idx on product_variants (article) where article <> ''`.execute(db);
  await sql`create unique index product_variants_external_idx on product_variants (external_id) where external_id is not null`.execute(db);

  // 4. stock per pickup point moves to the variants
  await sql`insert into variant_point_stock (variant_id, point_id, qty) select product_id, point_id, qty from point_stock`.execute(db);
  await db.schema.dropTable("point_stock").execute(); // its page-version triggers go with it

  // 5. lines, favourites and subscriptions name the variant; their unique keys change
  await db.schema.alterTable("order_lines").addColumn("variant_id", "integer").execute();
  await db.schema
    .alterTable("order_lines")
    .addColumn("variant_values", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("order_lines")
    .addColumn("article", "varchar(60)", (c) => c.notNull().defaultTo(""))
    .execute();
  await sql`update order_lines set variant_id = product_id`.execute(db);
  await db.schema.alterTable("import_rows").addColumn("variant_id", "integer").execute();
  await db.schema.alterTable("import_rows").addColumn("article", "varchar(60)").execute();

  if (pg) {
    for (const table of ["cart_lines", "favorites", "stock_subscriptions"])
      await sql`alter table ${sql.table(table)} add column variant_id integer references product_variants (id) on delete cascade`.execute(db);
    await sql`alter table set_items add column variant_id integer`.execute(db);
    for (const table of ["cart_lines", "favorites", "stock_subscriptions"]) await sql`update ${sql.table(table)} set variant_id = product_id`.execute(db);
    await sql`update set_items set variant_id = item_id`.execute(db);
    for (const table of ["cart_lines", "favorites", "stock_subscriptions", "set_items"])
      await sql`alter table ${sql.table(table)} alter column variant_id set not null`.execute(db);
    await sql`alter table cart_lines drop constraint cart_lines_owner_product_items`.execute(db);
    await sql`alter table cart_lines add constraint cart_lines_owner_variant_items unique (owner, variant_id, items)`.execute(db);
    await sql`alter table favorites drop constraint favorites_pk`.execute(db);
    await sql`alter table favorites add constraint favorites_pk primary key (user_id, variant_id)`.execute(db);
    await sql`alter table stock_subscriptions drop constraint stock_subscriptions_product_email`.execute(db);
    await sql`alter table stock_subscriptions add constraint stock_subscriptions_variant_email unique (variant_id, email)`.execute(db);
  } else {
    // SQLite cannot change a table's keys or add a NOT NULL column without a default: each table
    // is rebuilt under its own name (nothing references these four)
    await rebuildSqlite(
      db,
      "cart_lines",
      `id integer primary key autoincrement,
       owner varchar(80) not null,
       product_id integer not null references products (id) on delete cascade,
       variant_id integer not null references product_variants (id) on delete cascade,
       items varchar(400) not null default '[]',
       qty integer not null,
       created_at bigint not null,
       updated_at bigint not null,
       price_seen bigint,
       constraint cart_lines_owner_variant_items unique (owner, variant_id, items)`,
      "id, owner, product_id, variant_id, items, qty, created_at, updated_at, price_seen",
      "id, owner, product_id, product_id, items, qty, created_at, updated_at, price_seen",
    );
    await rebuildSqlite(
      db,
      "favorites",
      `user_id integer not null references users (id) on delete cascade,
       product_id integer not null references products (id) on delete cascade,
       variant_id integer not null references product_variants (id) on delete cascade,
       created_at bigint not null,
       constraint favorites_pk primary key (user_id, variant_id)`,
      "user_id, product_id, variant_id, created_at",
      "user_id, product_id, product_id, created_at",
    );
    await rebuildSqlite(
      db,
      "stock_subscriptions",
      `id integer primary key autoincrement,
       product_id integer not null references products (id) on delete cascade,
       variant_id integer not null references product_variants (id) on delete cascade,
       email varchar(254) not null,
       token_hash varchar(64) not null unique,
       status varchar(16) not null default 'pending',
       consent_version varchar(32) not null,
       created_at bigint not null,
       confirmed_at bigint,
       notified_at bigint,
       constraint stock_subscriptions_variant_email unique (variant_id, email)`,
      "id, product_id, variant_id, email, token_hash, status, consent_version, created_at, confirmed_at, notified_at",
      "id, product_id, product_id, email, token_hash, status, consent_version, created_at, confirmed_at, notified_at",
    );
    await rebuildSqlite(
      db,
      "set_items",
      `set_id integer not null references products (id) on delete cascade,
       item_id integer not null references products (id),
       variant_id integer not null,
       price bigint not null,
       weight integer not null,
       qty integer not null default 1,
       optional integer not null default 0,
       sort integer not null default 0,
       constraint set_items_pk primary key (set_id, item_id)`,
      "set_id, item_id, variant_id, price, weight, qty, optional, sort",
      "set_id, item_id, item_id, price, weight, qty, optional, sort",
    );
    // set_items is shown on shared pages: its page-version triggers went with the old table
    await pageVersionTriggers(db, dialect, ["set_items"]);
  }
  await db.schema.createIndex("favorites_user_created_idx").ifNotExists().on("favorites").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("favorites_product_idx").ifNotExists().on("favorites").column("product_id").execute();
  await db.schema.createIndex("favorites_variant_idx").on("favorites").column("variant_id").execute();
  await db.schema.createIndex("cart_lines_variant_idx").on("cart_lines").column("variant_id").execute();
  await db.schema.createIndex("stock_subscriptions_waiting_idx").ifNotExists().on("stock_subscriptions").columns(["status", "product_id"]).execute();
  await db.schema.createIndex("set_items_item_idx").ifNotExists().on("set_items").columns(["item_id", "set_id"]).execute();

  // 6. the new tables move the page version
  await pageVersionTriggers(db, dialect, NEW_PAGE_TABLES);

  // 7. the summary triggers, last: the copied figures already equal the summary
  if (pg) {
    await sql`create function product_variants_summary() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          ${sql.raw(summaryUpdate("old.product_id"))};
        end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.product_id <> old.product_id) then
          ${sql.raw(summaryUpdate("new.product_id"))};
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger product_variants_summary
      after insert or update of price, old_price, stock, weight, published, position, product_id or delete on product_variants
      for each row execute function product_variants_summary()`.execute(db);
  } else {
    await sql`create trigger product_variants_summary_insert after insert on product_variants
      begin ${sql.raw(summaryUpdate("new.product_id"))}; end`.execute(db);
    await sql`create trigger product_variants_summary_update
      after update of price, old_price, stock, weight, published, position, product_id on product_variants
      begin
        ${sql.raw(summaryUpdate("old.product_id"))};
        ${sql.raw(summaryUpdate("new.product_id"))};
      end`.execute(db);
    await sql`create trigger product_variants_summary_delete after delete on product_variants
      begin ${sql.raw(summaryUpdate("old.product_id"))}; end`.execute(db);
  }
}

/** Rebuilds a SQLite table with a new shape under the same name, copying its rows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function rebuildSqlite(db: Kysely<any>, table: string, columns: string, into: string, from: string): Promise<void> {
  await sql.raw(`create table ${table}_new (${columns})`).execute(db);
  await sql.raw(`insert into ${table}_new (${into}) select ${from} from ${table}`).execute(db);
  await sql.raw(`drop table ${table}`).execute(db);
  await sql.raw(`alter table ${table}_new rename to ${table}`).execute(db);
}

/** Migration 034's statements for more tables. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function pageVersionTriggers(db: Kysely<any>, dialect: Dialect, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    if (dialect === "postgres")
      await sql`create trigger ${sql.raw(`${table}_page_version`)} before insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function page_version_bump()`.execute(db);
    else
      for (const event of ["insert", "update", "delete"])
        await sql`create trigger ${sql.raw(`${table}_page_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin update page_version set version = version + 1 where id = 1; end`.execute(db);
  }
}

// Back to one row per product: point stock from the variants of each product that has the
// product's id, the old unique keys (lines of a model's other variants are dropped: the old key
// has no room for them), the new tables dropped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const dialect: Dialect = pg ? "postgres" : "sqlite";
  if (pg) {
    await sql`drop trigger if exists product_variants_summary on product_variants`.execute(db);
    await sql`drop function if exists product_variants_summary()`.execute(db);
  } else for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger if exists product_variants_summary_${event}`).execute(db);

  await db.schema
    .createTable("point_stock")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("point_id", "integer", (c) => c.notNull().references("contact_points.id").onDelete("cascade"))
    .addColumn("qty", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("point_stock_pk", ["product_id", "point_id"])
    .execute();
  await sql`insert into point_stock (product_id, point_id, qty)
    select v.product_id, s.point_id, s.qty from variant_point_stock s join product_variants v on v.id = s.variant_id where v.id = v.product_id`.execute(db);
  await pageVersionTriggers(db, dialect, ["point_stock"]);

  const extra = (table: string): RawBuilder<unknown> => sql`delete from ${sql.table(table)} where variant_id <> product_id`;
  await extra("cart_lines").execute(db);
  await extra("favorites").execute(db);
  await extra("stock_subscriptions").execute(db);
  if (pg) {
    await sql`alter table cart_lines drop constraint cart_lines_owner_variant_items`.execute(db);
    await sql`alter table cart_lines add constraint cart_lines_owner_product_items unique (owner, product_id, items)`.execute(db);
    await sql`alter table favorites drop constraint favorites_pk`.execute(db);
    await sql`alter table favorites add constraint favorites_pk primary key (user_id, product_id)`.execute(db);
    await sql`alter table stock_subscriptions drop constraint stock_subscriptions_variant_email`.execute(db);
    await sql`alter table stock_subscriptions add constraint stock_subscriptions_product_email unique (product_id, email)`.execute(db);
    for (const table of ["cart_lines", "favorites", "stock_subscriptions", "set_items"])
      await sql`alter table ${sql.table(table)} drop column variant_id`.execute(db);
  } else {
    await db.schema.dropIndex("cart_lines_variant_idx").execute();
    await db.schema.dropIndex("favorites_variant_idx").execute();
    await rebuildSqlite(
      db,
      "cart_lines",
      `id integer primary key autoincrement,
       owner varchar(80) not null,
       product_id integer not null references products (id) on delete cascade,
       items varchar(400) not null default '[]',
       qty integer not null,
       created_at bigint not null,
       updated_at bigint not null,
       price_seen bigint,
       constraint cart_lines_owner_product_items unique (owner, product_id, items)`,
      "id, owner, product_id, items, qty, created_at, updated_at, price_seen",
      "id, owner, product_id, items, qty, created_at, updated_at, price_seen",
    );
    await rebuildSqlite(
      db,
      "favorites",
      `user_id integer not null references users (id) on delete cascade,
       product_id integer not null references products (id) on delete cascade,
       created_at bigint not null,
       constraint favorites_pk primary key (user_id, product_id)`,
      "user_id, product_id, created_at",
      "user_id, product_id, created_at",
    );
    await rebuildSqlite(
      db,
      "stock_subscriptions",
      `id integer primary key autoincrement,
       product_id integer not null references products (id) on delete cascade,
       email varchar(254) not null,
       token_hash varchar(64) not null unique,
       status varchar(16) not null default 'pending',
       consent_version varchar(32) not null,
       created_at bigint not null,
       confirmed_at bigint,
       notified_at bigint,
       constraint stock_subscriptions_product_email unique (product_id, email)`,
      "id, product_id, email, token_hash, status, consent_version, created_at, confirmed_at, notified_at",
      "id, product_id, email, token_hash, status, consent_version, created_at, confirmed_at, notified_at",
    );
    await rebuildSqlite(
      db,
      "set_items",
      `set_id integer not null references products (id) on delete cascade,
       item_id integer not null references products (id),
       price bigint not null,
       weight integer not null,
       qty integer not null default 1,
       optional integer not null default 0,
       sort integer not null default 0,
       constraint set_items_pk primary key (set_id, item_id)`,
      "set_id, item_id, price, weight, qty, optional, sort",
      "set_id, item_id, price, weight, qty, optional, sort",
    );
    await pageVersionTriggers(db, dialect, ["set_items"]);
    await db.schema.createIndex("favorites_user_created_idx").on("favorites").columns(["user_id", "created_at"]).execute();
    await db.schema.createIndex("favorites_product_idx").on("favorites").column("product_id").execute();
    await db.schema.createIndex("stock_subscriptions_waiting_idx").on("stock_subscriptions").columns(["status", "product_id"]).execute();
    await db.schema.createIndex("set_items_item_idx").on("set_items").columns(["item_id", "set_id"]).execute();
  }
  for (const column of ["variant_id", "article"]) await db.schema.alterTable("import_rows").dropColumn(column).execute();
  for (const column of ["variant_id", "variant_values", "article"]) await db.schema.alterTable("order_lines").dropColumn(column).execute();
  await db.schema.alterTable("properties").dropColumn("schema_term").execute();
  for (const table of [
    "product_redirects",
    "property_swatches",
    "section_variant_properties",
    "variant_point_stock",
    "product_variant_values",
    "product_variants",
  ])
    await db.schema.dropTable(table).execute(); // their triggers go with them
}
