import { drizzle } from "drizzle-orm/d1";
import * as schema from "~db/schema";

/** Over the database or one of its sessions (d1-session.server.ts): drizzle uses only prepare and batch. */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database, { schema });
}

export type Database = ReturnType<typeof createDb>;
