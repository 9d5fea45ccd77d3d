import { Form, href, Link, Outlet, useLocation } from "react-router";
import { PersonPhoto, PersonPhotoUpload } from "~/components/people/person-photo";
import { SectionNav } from "~/components/section-nav";
import { TimesIn } from "~/components/times-in";
import { asCountry } from "~/lib/forms/phone";
import { PRIORITY_LABEL, PRIORITY_STAR_CLASS } from "~/lib/people/connection-rules";
import { changesSharing } from "~/lib/teams/rules";
import { photoUrl } from "~/server/people/photo.server";
import { allSections } from "./+shared/all.server";
import { ownPerson, runIntent } from "./+shared/intent.server";
import { small } from "./+shared/parts";
import type { Route } from "./+types/_layout";

/** What every page of a person shows above its sections: who they are, their photo, the owner's zone. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { person, settings, user } = await ownPerson(context, request, params.id);
  // Only a team's people are shared (a personal workspace's id is its user's): who may change it sees the button.
  const team = user.workspace.id !== user.id;
  return {
    connection: person,
    sharing: team ? { shared: person.shared, mayChange: changesSharing(user.workspace.role, user.id, person) } : null,
    photoUrl: photoUrl(person.id, person.image),
    timeZone: settings.timeZone,
    country: asCountry(settings.country),
  };
}

/**
 * A form posted to /connections/:id itself (what scripts and the tests send, and what the page did before it
 * had sections) runs any section's intent; the overview shows the answer.
 */
export const action = (args: Route.ActionArgs) => runIntent(args, allSections);

export default function ConnectionLayout({ loaderData, actionData }: Route.ComponentProps) {
  const { connection: c, timeZone } = loaderData;
  const id = String(c.id);
  const sections = [
    [href("/connections/:id", { id }), "Everything"],
    [href("/connections/:id/details", { id }), "Details"],
    [href("/connections/:id/suggestions", { id }), "Suggestions and merges"],
    [href("/connections/:id/follow-up", { id }), "Follow-ups"],
    [href("/connections/:id/history", { id }), "Consent and history"],
  ] as const;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to={href("/connections")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← All connections
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        <PersonPhoto key={loaderData.photoUrl} name={c.name} url={loaderData.photoUrl} />
        <div className="min-w-0">
          <h1 className="font-bold text-3xl tracking-tight">{c.name}</h1>
          <p className="text-slate-600 dark:text-slate-300">
            {[[c.title, c.company].filter(Boolean).join(" at "), c.role].filter(Boolean).join(" · ")}
          </p>
        </div>
      </div>
      <TimesIn timeZone={timeZone} className="mt-2" />
      <div className="mt-3">
        <PersonPhotoUpload id={c.id} hasPhoto={Boolean(loaderData.photoUrl)} />
      </div>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className={PRIORITY_STAR_CLASS[c.priority]} aria-hidden="true">
          ★
        </span>
        {PRIORITY_LABEL[c.priority]}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">{c.status}</span>
        {c.eventName ? <span className="text-slate-600 dark:text-slate-300">Met at {c.eventName}</span> : null}
        {c.tags.map((t) => (
          <span
            key={t}
            className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-900 text-xs dark:bg-brand-900 dark:text-brand-50"
          >
            {t}
          </span>
        ))}
      </p>
      {loaderData.sharing ? <Sharing id={id} {...loaderData.sharing} /> : null}
      <SectionNav label={`Sections about ${c.name}`} sections={sections} />
      <Outlet context={actionData} />
    </section>
  );
}

/** Whether the whole team sees this person, and the button that changes it for whoever may (decision 0288). */
function Sharing({ id, shared, mayChange }: { id: string; shared: boolean; mayChange: boolean }) {
  const { pathname } = useLocation();
  return (
    <Form method="post" action={href("/connections/:id", { id })} className="mt-3 flex flex-wrap items-center gap-2">
      <p className="text-slate-600 text-sm dark:text-slate-300">
        {shared ? "Shared with the team: every member sees them." : "Not shared with the team."}
      </p>
      {mayChange ? (
        <>
          <input type="hidden" name="back" value={pathname} />
          <button type="submit" name="intent" value={shared ? "unshare" : "share"} className={small}>
            {shared ? "Stop sharing" : "Share with the team"}
          </button>
        </>
      ) : null}
    </Form>
  );
}
