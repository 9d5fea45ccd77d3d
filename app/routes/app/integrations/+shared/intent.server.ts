import type { RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "~/context";
import { isConfirmed } from "~/lib/forms/confirm";
import type { SessionUser } from "~/server/account/auth.server";
import { getUser } from "~/server/account/user.server";
import { requireFeature } from "~/server/billing/plans.server";
import { unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast, setToastHeader, type Toast } from "~/server/platform/toast.server";

/** What every integrations action works from: who, the form, its intent, and the page to come back to. */
export type IntentArgs = {
  app: AppContext;
  request: Request;
  user: SessionUser;
  form: FormData;
  intent: string;
  done: (title: string, type?: Toast["type"], description?: string) => Promise<Response>;
};

/**
 * One section's actions, by intent; `free` ones (removing what was set up, the address book) need no Card Pro;
 * `confirm` ones cannot be undone and ask once first (the page shows ConfirmStep, which works without JavaScript).
 */
export type Section = {
  intents: Record<string, (args: IntentArgs) => Promise<unknown>>;
  free: ReadonlySet<string>;
  confirm?: ReadonlySet<string>;
};

/** What the first tap of a `confirm` intent answers: the page asks about this intent and row. */
export type ConfirmAsked = { confirm: { intent: string; id: string } };

/** The page a form was posted from, without React Router's `.data` suffix: the redirect goes back there. */
function pageOf(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, "") || "/";
}

/**
 * Runs the intent a form names in one of `sections`, or answers 400 for an intent none of them has.
 * Adding, sending and syncing are Card Pro; removing what was set up is always allowed.
 */
export async function runIntent(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  sections: Section[],
) {
  const app = context.get(appContext);
  const user = getUser(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const section = sections.find((s) => Object.hasOwn(s.intents, intent));
  const handler = section?.intents[intent];
  if (!section || !handler) unknownIntent();
  if (!section.free.has(intent)) await requireFeature(app.db, user.workspace.id, "crmSync");
  if (section.confirm?.has(intent) && !isConfirmed(form))
    return { confirm: { intent, id: String(form.get("id") ?? "").slice(0, 40) } } satisfies ConfirmAsked;
  const back = pageOf(request);
  return handler({
    app,
    request,
    user,
    form,
    intent,
    done: (title, type = "success", description) => redirectWithToast(back, { type, title, description }),
  });
}

/** A toast for an answer that stays on the page (a secret shown once must not be lost to a redirect). */
export const toastHeaders = async (title: string) => ({
  "Set-Cookie": await setToastHeader({ type: "success", title }),
});
