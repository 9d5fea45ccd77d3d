import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Database, Owners } from "./db.server";

/** A page's first reads: one D1 batch's statements. */
export type Statements = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/**
 * The reads a page makes before anything else, which can travel in the session's round trip (decision 0168):
 * the same statements keyed by the session's token (`sessionOwner`, on a load) or by the account's id (when the
 * page reads on its own: after an action, or in a test). `now` is the clock the reads were made at.
 */
export type PageReads<S extends Statements> = {
  name: string;
  bySession(db: Database, by: { token: string; now: number }): S;
  byId(db: Database, owners: Owners, now: number): S;
};

export type PageRows<S extends Statements> = { rows: BatchResponse<S>; now: number };
