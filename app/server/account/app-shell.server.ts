import type { RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "~/context";
import { planStateQuery } from "../billing/plans.server";
import { compiled, type Slots } from "../db/compiled.server";
import type { Database, Owner, Owners } from "../db/db.server";
import type { PageReads, PageRows, Statements } from "../db/page-reads.server";
import { sessionOwner, sessionWorkspace } from "../db/session-sql.server";
import { activeEventQuery } from "../events/active-event.server";
import { unreadQuery, untoastedUpdate } from "../platform/notifications.server";
import { oncePerRequest } from "../platform/per-request.server";
import { settingsFrom, settingsQuery } from "../settings/settings.server";
import { teamsQuery } from "../teams/teams.server";
import { getSessionUser, type SessionUser, sessionRead, sessionToken, sessionUserFrom } from "./auth.server";
import { getUser } from "./user.server";

/**
 * Where a member still without a second factor may go while working in such a team: setting one up, switching
 * workspace, and the team's sign-in settings (its admins may change the rule; others get its 404).
 */
export const SECOND_FACTOR_FREE = /^\/(settings\/account|teams|teams\/[^/]+\/sign-in)(\.data)?\/?$/;

/** Only document loads claim new notifications as toasts; data requests leave them for the next page view. */
const documentLoad = (request: Request) => request.headers.get("accept")?.includes("text/html") ?? false;

/**
 * The shell's statements for the account `owner` names and the workspace `space` names (the active event is the
 * workspace's, decision 0207), each built once per isolate (compiled.server.ts).
 */
function shellStatements<K extends string>(owner: (slot: Slots<K>) => Owner, space: (slot: Slots<K>) => Owner) {
  return {
    unread: compiled((db, slot: Slots<K>) => unreadQuery(db, owner(slot))),
    active: compiled((db, slot: Slots<K>) => activeEventQuery(db, space(slot))),
    settings: compiled((db, slot: Slots<K>) => settingsQuery(db, owner(slot))),
    // The plan is the workspace's (decision 0237): a team's members work on the team's plan.
    plan: compiled((db, slot: Slots<K>) => planStateQuery(db, space(slot))),
    teams: compiled((db, slot: Slots<K>) => teamsQuery(db, owner(slot))),
    claim: compiled((db, slot: Slots<K>) => untoastedUpdate(db, owner(slot))),
  };
}

const byId = shellStatements(
  (slot: Slots<"userId" | "workspaceId">) => slot.userId,
  (slot) => slot.workspaceId,
);
const bySession = shellStatements(
  (slot: Slots<"token" | "now">) => sessionOwner(slot.token, slot.now),
  (slot) => sessionWorkspace(slot.token, slot.now),
);

type ShellRows = [
  Awaited<ReturnType<typeof unreadQuery>>,
  Awaited<ReturnType<typeof activeEventQuery>>,
  Awaited<ReturnType<typeof settingsQuery>>,
  Awaited<ReturnType<typeof planStateQuery>>,
  Awaited<ReturnType<typeof teamsQuery>>,
  Awaited<ReturnType<typeof untoastedUpdate>>,
];

function shellFrom([unreadRows, activeRows, settingsRows, planRows, teams, fresh]: ShellRows) {
  return {
    unread: unreadRows[0]?.n ?? 0,
    activeEvent: activeRows[0] ?? null,
    fresh: fresh.slice(-3),
    settingsRows,
    planRows,
    // The workspace switcher's teams (decision 0200).
    teams,
  };
}

const shellKey = (userId: string) => `app-shell:${userId}`;

/** Whose rows a signed-in user's request reads: theirs, and their current workspace's. */
export const ownersOf = (user: Pick<SessionUser, "id" | "workspace">): Owners => ({
  userId: user.id,
  workspaceId: user.workspace.id,
});

/**
 * What a signed-in page's root (unread count, active event, new notifications) and signed-in layout (settings,
 * plan) read, in one D1 round trip per request: whichever loader asks first starts it, the other shares it.
 * On a load it is there already: `signedInUser` read it with the session.
 */
export function shellReads(
  context: Readonly<RouterContextProvider>,
  db: Database,
  user: Pick<SessionUser, "id" | "workspace">,
  request: Request,
) {
  return oncePerRequest(context, shellKey(user.id), async () => {
    const by = ownersOf(user);
    const reads = [
      byId.unread(db, by),
      byId.active(db, by),
      byId.settings(db, by),
      byId.plan(db, by),
      byId.teams(db, by),
    ] as const;
    const [unread, active, settings, plan, teams, fresh] = documentLoad(request)
      ? await db.batch([...reads, byId.claim(db, by)])
      : [...(await db.batch(reads)), []];
    return shellFrom([unread, active, settings, plan, teams, fresh]);
  });
}

/**
 * The signed-in owner's settings for a loader, as the shell read them: with the session on a load, so the page
 * makes no read of its own for them. Loaders only, as `shellReads`.
 */
export async function shellSettings(context: Readonly<RouterContextProvider>, request: Request) {
  const { db } = context.get(appContext);
  const user = getUser(context);
  return settingsFrom((await shellReads(context, db, user, request)).settingsRows, user.id);
}

const pageKey = (name: string, owners: Owners) => `page:${name}:${owners.userId}:${owners.workspaceId}`;

/**
 * A page's first reads: read with the session when the signed-in area's middleware was given them for this
 * request, otherwise now, in a round trip of their own.
 */
export function pageRows<S extends Statements>(
  context: Readonly<RouterContextProvider>,
  db: Database,
  owners: Owners,
  page: PageReads<S>,
): Promise<PageRows<S>> {
  return oncePerRequest(context, pageKey(page.name, owners), async () => {
    const now = Date.now();
    return { rows: await db.batch(page.byId(db, owners, now)), now };
  });
}

/**
 * The signed-in user, read in the same D1 round trip as the shell's reads and the page's first reads (`page`):
 * they are keyed by the session's token (`sessionOwner`), so a revoked or expired session reads and claims
 * nothing. The signed-in area's middleware asks first; on a public page, the root's loader. Only for loads: an
 * action writes first, and the shell and the page are read after it (`shellReads`, `pageRows`).
 */
export function signedInUser(
  context: Readonly<RouterContextProvider>,
  app: Pick<AppContext, "env" | "db">,
  request: Request,
  page?: PageReads<Statements>,
): Promise<SessionUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return getSessionUser(app, request);
  return getSessionUser(app, request, async () => {
    const token = await sessionToken(app, request);
    if (!token) return null;
    const { db } = app;
    const now = Date.now();
    const by = { token, now };
    const claims = documentLoad(request);
    const own = page?.bySession(db, by) ?? [];
    const [session, unread, active, settings, plan, teams, ...claimed] = await db.batch([
      sessionRead(db, { token }),
      bySession.unread(db, by),
      bySession.active(db, by),
      bySession.settings(db, by),
      bySession.plan(db, by),
      bySession.teams(db, by),
      ...(claims ? [bySession.claim(db, by)] : []),
      ...own,
    ]);
    const [fresh, ...rows] = claims ? claimed : [[], ...claimed];
    const user = await sessionUserFrom(app, request, session, now);
    if (user) {
      const shell = shellFrom([unread, active, settings, plan, teams, fresh] as ShellRows);
      oncePerRequest(context, shellKey(user.id), () => Promise.resolve(shell));
      if (page) oncePerRequest(context, pageKey(page.name, ownersOf(user)), () => Promise.resolve({ rows, now }));
    }
    return user;
  });
}
