// `npm run db:migrate`: applies pending migrations to DATABASE_URL (default data/vitrina.db).
import { ensurePgSchema, openDatabase } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";

const url = process.env.DATABASE_URL ?? "data/vitrina.db";
const schema = process.env.DATABASE_SCHEMA;
if (schema) await ensurePgSchema(url, schema);
const db = openDatabase(url, { schema });
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
} finally {
  await db.close();
}
