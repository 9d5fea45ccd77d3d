import type { RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "~/context";
import { ownersOf, pageRows, shellSettings } from "~/server/account/app-shell.server";
import type { SessionUser } from "~/server/account/auth.server";
import { getUser } from "~/server/account/user.server";
import { getPerson, personFrom, personReads } from "~/server/people/read.server";
import { notFound, parseId, unknownIntent } from "~/server/platform/http.server";
import { oncePerRequest } from "~/server/platform/per-request.server";
import { redirectWithToast } from "~/server/platform/toast.server";

export type Person = NonNullable<Awaited<ReturnType<typeof getPerson>>>;

/** What every action on a person's pages works from: who, whose page, the form, and the page to come back to. */
export type IntentArgs = {
  app: AppContext;
  user: SessionUser;
  id: number;
  person: Person;
  form: FormData;
  intent: string;
  request: Request;
  /** The page the form was posted from, for the redirect after it. */
  page: string;
  back: (title: string, to?: string) => Promise<Response>;
};

/** One section's actions, by intent. */
export type Section = Record<string, (args: IntentArgs) => Promise<unknown>>;

/** The page a form was posted from, without React Router's `.data` suffix: the redirect goes back there. */
function pageOf(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, "") || "/";
}

/** Runs the intent a form names in one of `sections` on the owner's own person, or answers 404 / 400. */
export async function runIntent(
  { request, params, context }: { request: Request; params: { id: string }; context: Readonly<RouterContextProvider> },
  sections: Section[],
) {
  const app = context.get(appContext);
  const user = getUser(context);
  const id = parseId(params.id);
  // A team person this member may not see is not found (decision 0234), for every action as for the page.
  const person = await getPerson(app.db, ownersOf(user), id);
  if (!person) notFound();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const handler = sections.find((s) => Object.hasOwn(s, intent))?.[intent];
  if (!handler) unknownIntent();
  const page = pageOf(request);
  return handler({
    app,
    user,
    id,
    person,
    form,
    intent,
    request,
    page,
    back: (title, to = page) => redirectWithToast(to, { type: "success", title }),
  });
}

/**
 * The person a section's loader shows and the owner's settings, or a 404 for anyone else's; read once per
 * request, though the layout's loader and the section's both ask.
 */
export function ownPerson(context: Readonly<RouterContextProvider>, request: Request, idParam: string) {
  return oncePerRequest(context, `person:${idParam}`, async () => {
    const app = context.get(appContext);
    const user = getUser(context);
    const id = parseId(idParam);
    // On a load the person came with the session, and the settings are the shell's: no round trip of its own.
    const [{ rows }, settings] = await Promise.all([
      pageRows(context, app.db, ownersOf(user), personReads(id)),
      shellSettings(context, request),
    ]);
    const person = personFrom(rows);
    if (!person) notFound();
    return { app, user, id, person, settings };
  });
}
