// How one section of the data download reads its rows: whole, or a page at a time for the stream.
import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/db.server";
import type { AccountOwner } from "./account.server";
import { provedMailbox } from "./proved-mailbox.server";

/**
 * Tables kept by email rather than by account (someone may use them without an account). They belong to
 * an account only when it has confirmed that address: anyone can sign up with an address they do not hold.
 */
export const byEmail = (o: AccountOwner, column: Parameters<typeof eq>[0]) =>
  provedMailbox(o) ? eq(column, o.email) : undefined;

/**
 * One section of "download all my data": the rows of one or more tables, read on their own so the
 * download can be written section by section. `tables` names what it covers (the test checks every
 * table the schema ties to an account is covered); secrets (hashes, encrypted keys, tokens) are never selected.
 */
export type ExportSection = {
  name: string;
  tables: readonly string[];
  read: ((db: Database, o: AccountOwner) => Promise<unknown>) & {
    /** The same rows a page at a time, for the download to stream a table of any size. */
    pages?: (db: Database, o: AccountOwner) => AsyncGenerator<unknown[]>;
  };
};

/** Rows per page of a streamed table in the data download. */
const DOWNLOAD_PAGE = 1000;

/**
 * A table's rows for the owner, whole or a page at a time. Pages are keyset by `by` then rowid when an
 * index (user_id, by) exists, else by rowid through a (user_id) index (migration 0023): either way each page
 * is a range read where the last ended, never a rescan of what was sent.
 */
export const rowsOf = <T extends SQLiteTable>(
  table: T,
  where: (o: AccountOwner) => SQL | undefined,
  by?: AnySQLiteColumn,
) =>
  Object.assign(
    async (db: Database, o: AccountOwner) => {
      const condition = where(o);
      return condition
        ? db
            .select()
            .from(table as SQLiteTable)
            .where(condition)
        : [];
    },
    {
      pages: async function* (db: Database, o: AccountOwner) {
        const condition = where(o);
        if (!condition) return;
        let after: { by: unknown; rowid: number } | null = null;
        for (;;) {
          const rows = await db
            .select({
              ...getTableColumns(table as SQLiteTable),
              _rowid: sql<number>`rowid`,
              // The stored value, not its mapped Date: created_at may hold fractions of a millisecond.
              _by: by ? sql<unknown>`${by}` : sql<null>`null`,
            })
            .from(table as SQLiteTable)
            .where(
              and(
                condition,
                after
                  ? by
                    ? sql`(${by}, rowid) > (${after.by}, ${after.rowid})`
                    : sql`rowid > ${after.rowid}`
                  : undefined,
              ),
            )
            .orderBy(...(by ? [by, sql`rowid`] : [sql`rowid`]))
            .limit(DOWNLOAD_PAGE);
          if (rows.length === 0) return;
          const last = rows[rows.length - 1] as { _rowid: number; _by: unknown };
          after = { by: last._by, rowid: last._rowid };
          yield rows.map(({ _rowid, _by, ...row }) => row);
          if (rows.length < DOWNLOAD_PAGE) return;
        }
      },
    },
  );
