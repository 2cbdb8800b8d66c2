// The back office's one way to save an edit over someone else's (docs/decisions/071-back-office-orders.md, and each area after it): every editable
// row carries a `version`, each form sends the version it was loaded with, and the save is one
// conditional update that also moves the version on. Of two saves carrying one version only the
// first matches; the second changes nothing and its caller answers with its own «someone saved
// first» message. Inside a transaction the update is also the row's lock until the commit.
import type { Kysely, Transaction, UpdateObject } from "kysely";
import type { Database } from "./schema.ts";

/** the tables whose rows carry a version */
type VersionedTable = { [T in keyof Database]: Database[T] extends { version: unknown } ? T : never }[keyof Database];

/**
 * Writes `values` to the row whose `key` column is `id` if it is still at `version`, moving it to
 * `version + 1`. False when the row is gone or another save came first: nothing was written.
 */
export async function updateAtVersion<T extends VersionedTable>(
  db: Kysely<Database> | Transaction<Database>,
  table: T,
  key: { column: keyof Database[T] & string; id: number | string },
  version: number,
  values: UpdateObject<Database, T>,
): Promise<boolean> {
  // Kysely cannot type a column reference over a table chosen by a type parameter; the call's
  // own types (table, key column, values) are checked above, so the query is built untyped.
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const res = await untyped
    .updateTable(table as string)
    .set({ ...(values as Record<string, unknown>), version: version + 1 })
    .where(key.column as string, "=", key.id)
    .where("version", "=", version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
