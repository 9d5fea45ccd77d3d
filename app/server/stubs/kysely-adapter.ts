/**
 * Stands in for @better-auth/kysely-adapter in the Worker build. Auth uses the drizzle adapter on D1, so
 * Kysely and its MySQL, Postgres, MSSQL and SQLite dialects are never used; better-auth still imports this
 * module to name the database type and for its migration tool.
 */
const unavailable = (): never => {
  throw new Error("The Kysely adapter is not part of this build; auth uses the drizzle adapter");
};

/** The same duck typing as the original, without the dialect classes. */
export function getKyselyDatabaseType(db: unknown): string | null {
  if (!db || typeof db !== "object") return null;
  if ("dialect" in db) return getKyselyDatabaseType((db as { dialect: unknown }).dialect);
  if ("aggregate" in db || "fileControl" in db) return "sqlite";
  if ("open" in db && "close" in db && "prepare" in db) return "sqlite";
  if ("batch" in db && "exec" in db && "prepare" in db) return "sqlite";
  if ("getConnection" in db) return "mysql";
  if ("connect" in db) return "postgres";
  return null;
}

export const createKyselyAdapter = unavailable;
export const kyselyAdapter = unavailable;
export const getMssqlSchema = unavailable;
export const getPostgresSchema = unavailable;
export const introspectPostgresTables = unavailable;
export const toIntrospectedTables = unavailable;
export const toPhysicalSchema = unavailable;
