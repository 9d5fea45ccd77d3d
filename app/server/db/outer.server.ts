import { getTableName, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * An outer query's column, named with its table, for a correlated subquery: drizzle writes a single-table
 * select's columns bare, so inside a subquery `"id"` would mean the subquery's own table.
 */
export const outer = (column: AnySQLiteColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
