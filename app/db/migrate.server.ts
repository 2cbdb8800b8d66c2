import { sql } from "kysely";
import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";
import { PG_MIGRATION_LOCK, type Db } from "./database.server.ts";
import * as m001 from "./migrations/001-initial.ts";
import * as m002 from "./migrations/002-search.ts";
import * as m003 from "./migrations/003-forms.ts";
import * as m004 from "./migrations/004-accounts.ts";
import * as m005 from "./migrations/005-reviews.ts";
import * as m006 from "./migrations/006-cart-orders.ts";
import * as m007 from "./migrations/007-pending-registrations.ts";
import * as m008 from "./migrations/008-favorites.ts";
import * as m009 from "./migrations/009-order-status-history.ts";
import * as m010 from "./migrations/010-showroom-stock-and-review-details.ts";
import * as m011 from "./migrations/011-staff-and-audit.ts";
import * as m013 from "./migrations/013-order-list-indexes.ts";
import * as m014 from "./migrations/014-requests-and-review-moderation.ts";
import * as m015 from "./migrations/015-catalogue-editing.ts";
import * as m016 from "./migrations/016-product-list-indexes.ts";
import * as m017 from "./migrations/017-catalogue-generation.ts";
import * as m018 from "./migrations/018-import-sessions.ts";
import * as m019 from "./migrations/019-content-editing.ts";
import * as m020 from "./migrations/020-section-editing.ts";
import * as m021 from "./migrations/021-news-editing.ts";
import * as m023 from "./migrations/023-set-item-lookup.ts";
import * as m024 from "./migrations/024-catalogue-deltas-and-title-search.ts";
import * as m025 from "./migrations/025-payments.ts";
import * as m026 from "./migrations/026-order-source.ts";
import * as m027 from "./migrations/027-stock-subscriptions.ts";
import * as m028 from "./migrations/028-promo-codes.ts";
import * as m029 from "./migrations/029-yml-feed-settings.ts";
import * as m030 from "./migrations/030-exchange-1c.ts";
import * as m031 from "./migrations/031-exchange-1c-steps.ts";
import * as m032 from "./migrations/032-exchange-1c-pictures.ts";
import * as m033 from "./migrations/033-exchange-1c-orders.ts";
import * as m034 from "./migrations/034-page-version.ts";
import * as m035 from "./migrations/035-yml-feed-complete.ts";
import * as m036 from "./migrations/036-import-preview-rows.ts";
import * as m037 from "./migrations/037-product-article.ts";
import * as m038 from "./migrations/038-exchange-session-bytes.ts";
import * as m039 from "./migrations/039-refund-lines.ts";
import * as m042 from "./migrations/042-lifting-quoted-by-manager.ts";
import * as m043 from "./migrations/043-product-variants.ts";

// Migrations are imported, not read from a folder, so they survive bundling.
const migrations = {
  "001-initial": m001,
  "002-search": m002,
  "003-forms": m003,
  "004-accounts": m004,
  "005-reviews": m005,
  "006-cart-orders": m006,
  "007-pending-registrations": m007,
  "008-favorites": m008,
  "009-order-status-history": m009,
  "010-showroom-stock-and-review-details": m010,
  "011-staff-and-audit": m011,
  "013-order-list-indexes": m013,
  "014-requests-and-review-moderation": m014,
  "015-catalogue-editing": m015,
  "016-product-list-indexes": m016,
  "017-catalogue-generation": m017,
  "018-import-sessions": m018,
  "019-content-editing": m019,
  "020-section-editing": m020,
  "021-news-editing": m021,
  "023-set-item-lookup": m023,
  "024-catalogue-deltas-and-title-search": m024,
  "025-payments": m025,
  "026-order-source": m026,
  "027-stock-subscriptions": m027,
  "028-promo-codes": m028,
  "029-yml-feed-settings": m029,
  "030-exchange-1c": m030,
  "031-exchange-1c-steps": m031,
  "032-exchange-1c-pictures": m032,
  "033-exchange-1c-orders": m033,
  "034-page-version": m034,
  "035-yml-feed-complete": m035,
  "036-import-preview-rows": m036,
  "037-product-article": m037,
  "038-exchange-session-bytes": m038,
  "039-refund-lines": m039,
  "042-lifting-quoted-by-manager": m042,
  "043-product-variants": m043,
};

function importedMigrations(db: Db): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return Object.fromEntries(
        Object.entries(migrations).map(([name, m]) => [name, { up: (k) => m.up(k, db.dialect), down: (k) => m.down(k) } satisfies Migration]),
      );
    },
  };
}

/**
 * PostgreSQL: migrations take turns server-wide, under one advisory lock (dropPgSchema takes it
 * too). Instances starting together must not migrate at once, and Kysely's migrator reads the
 * catalogue of every schema on the server, which fails with «schema … does not exist» if another
 * schema is dropped under it (parallel test runs do that).
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrateUnderLock(db);
}

/** Up (or down) to the named migration: a migration's test starts from the schema before it. */
export async function migrateTo(db: Db, name: keyof typeof migrations): Promise<string[]> {
  return migrateUnderLock(db, name);
}

async function migrateUnderLock(db: Db, target?: string): Promise<string[]> {
  if (db.dialect !== "postgres") return migrate(db, target);
  return db.kysely.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${PG_MIGRATION_LOCK})`.execute(conn);
    try {
      return await migrate(db, target);
    } finally {
      await sql`select pg_advisory_unlock(${PG_MIGRATION_LOCK})`.execute(conn);
    }
  });
}

async function migrate(db: Db, target?: string): Promise<string[]> {
  // With a PostgreSQL schema, Kysely's own bookkeeping tables must live in it too, or it finds
  // another schema's tables through the catalogue and never creates its own.
  const migrator = new Migrator({
    db: db.kysely,
    provider: importedMigrations(db),
    // features land in parallel branches, so a lower-numbered migration may arrive later
    allowUnorderedMigrations: true,
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
