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
  /**
   * Hands a signed payment event to the domains that take money, as the webhook route does; wired by the
   * composition root (app/server/composition.server.ts), so payments never imports the domains it serves.
   */
  deliverPaymentEvent: (app: AppContext, request: Request) => Promise<Response>;
};

/** Set once per request in workers/app.ts; loaders read it with `context.get(appContext)`. */
export const appContext = createContext<AppContext>();

/**
 * The signed-in user, set once per request by the signed-in area's layout middleware
 * (app/routes/app/_layout.tsx), which lets no visitor through; no default, so a read outside it throws.
 */
export const userContext = createContext<SessionUser>();
