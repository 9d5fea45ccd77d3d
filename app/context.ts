import { createContext } from "react-router";
import type { SessionUser } from "~/server/account/auth.server";
import type { Database } from "~/server/db/db.server";
import type { AppEnv } from "~/server/platform/env.server";

export type AppContext = {
  env: AppEnv;
  ctx: ExecutionContext;
  db: Database;
  /** Per-request CSP nonce for inline and module scripts. */
  nonce: string;
};

/** Set once per request in workers/app.ts; loaders read it with `context.get(appContext)`. */
export const appContext = createContext<AppContext>();

/**
 * The signed-in user, set once per request by the signed-in area's layout middleware
 * (app/routes/app/_layout.tsx), which lets no visitor through; no default, so a read outside it throws.
 */
export const userContext = createContext<SessionUser>();
