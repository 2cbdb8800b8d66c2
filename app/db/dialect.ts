export type Dialect = "sqlite" | "postgres";

/** Which dialect a DATABASE_URL names: postgres:// or postgresql:// is PostgreSQL, anything else a SQLite file. */
export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";
}

/** The SQLite file path of a DATABASE_URL such as `file:data/vitrina.db`, `data/x.db` or `:memory:`. */
export function sqlitePathOf(url: string): string {
  return url.replace(/^(file|sqlite):(\/\/)?/i, "");
}
