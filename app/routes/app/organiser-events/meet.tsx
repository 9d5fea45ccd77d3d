import { data, Form, href, Link, redirect } from "react-router";
import { inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { negotiateLocale } from "~/lib/i18n/locales";
import { type MessageKey, translator, withCatalog } from "~/lib/i18n/translate";
import { clockTime } from "~/lib/organiser-events/programme";
import { formatLocalDay } from "~/lib/organiser-events/rules";
import type { PageHandle } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { myAttendee, visibleAttendee } from "~/server/organiser-events/attendees.server";
import { publicOrgEvent } from "~/server/organiser-events/events.server";
import {
  type Booking,
  bookSlot,
  freeSlotsFor,
  notifyMeeting,
  rescheduleMeeting,
} from "~/server/organiser-events/meeting-slots.server";
import { noticeRequest } from "~/server/organiser-events/requests.server";
import { idOf, notFound, parseId } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/meet";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? translator(loaderData.locale)("att.meet.title", { name: loaderData.other.name }) : "Meet"),
  { name: "robots", content: "noindex" },
];

/** In the visitor's language, chosen as the public event page chooses it (decision 0258). */
export const handle = { localized: true } satisfies PageHandle;

async function load(params: Route.LoaderArgs["params"], context: Route.LoaderArgs["context"]) {
  const app = context.get(appContext);
  const event = await publicOrgEvent(app.db, params.slug);
  if (!event) notFound();
  const me = await myAttendee(app.db, getUser(context).id, event.id);
  if (!me) throw redirect(href("/e/:slug/join", { slug: event.slug }));
  const other = await visibleAttendee(app.db, event, me, parseId(params.id));
  if (!other) notFound();
  return { app, event, me, other };
}

/** The free times of both people, one table each: a meeting request offers nothing else. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, event, me, other } = await load(params, context);
  const moving = idOf(new URL(request.url).searchParams.get("meeting"));
  const free = await freeSlotsFor(app.db, event, me, other, new Date(), moving);
  return {
    locale: negotiateLocale(request).locale,
    event: { slug: event.slug, title: event.title, timeZone: event.timeZone },
    other: { id: other.id, name: other.name, company: other.company },
    moving,
    free,
  };
}

/** A client navigation here renders in the page's language: its catalog is loaded first (decision 0270). */
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalog(args);

const REFUSED: Partial<Record<Booking, [number, MessageKey]>> = {
  "not-free": [409, "att.slot.slot"],
  taken: [409, "att.slot.taken"],
  clash: [409, "att.slot.clash"],
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, event, me, other } = await load(params, context);
  const t = translator(negotiateLocale(request).locale);
  const form = await request.formData().catch(() => null);
  if (!form) return data({ error: t("att.error.again"), note: "" }, { status: 400 });
  const note = String(form.get("note") ?? "").trim();
  const slot = idOf(form.get("slot"));
  if (note.length > 500) return data({ error: t("event.error.length", { max: 500 }), note }, { status: 400 });
  if (!slot) return data({ error: t("att.slot.slot"), note }, { status: 400 });
  const origin = new URL(request.url).origin;
  const back = href("/e/:slug/directory", { slug: event.slug });
  const moving = idOf(form.get("meeting"));
  const done = moving
    ? await rescheduleMeeting(app.db, event, me, moving, slot)
    : await bookSlot(app.db, event, me, other.id, slot, note);
  const refused = REFUSED[done.result];
  if (refused) return data({ error: t(refused[1]), note }, { status: refused[0] });
  if (done.result === "unknown") notFound();
  if (done.result === "requested" && done.meeting) {
    if (moving) await notifyMeeting(app.db, origin, event, me, done.meeting, "moved");
    else await noticeRequest(app.db, origin, event, me, other.id, "meeting");
  }
  return redirectWithToast(back, {
    type: "success",
    title: t(moving ? "att.toast.newTime" : "att.toast.meetingSent"),
  });
}

export default function Meet({ loaderData, actionData }: Route.ComponentProps) {
  const { event, other, free, moving, locale } = loaderData;
  const t = translator(locale);
  const error = actionData?.error;
  const days = Map.groupBy(free, (s) => s.startsAt.slice(0, 10));
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/e/:slug/directory", { slug: event.slug })} className="text-sm underline">
        ← {t("att.dir.title", { title: event.title })}
      </Link>
      <h1 className="mt-3 font-bold text-3xl tracking-tight">
        {t(moving ? "att.meet.moveTitle" : "att.meet.title", {
          name: other.company ? `${other.name}, ${other.company}` : other.name,
        })}
      </h1>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
        {t("att.meet.intro", { zone: event.timeZone.replace(/_/g, " ") })}
      </p>
      {error ? (
        <p className="mt-3 rounded-lg bg-red-100 p-3 text-red-900" role="alert" id="slot-error">
          {error}
        </p>
      ) : null}
      {free.length ? (
        <Form method="post" className="mt-4 grid gap-4">
          {moving ? <input type="hidden" name="meeting" value={moving} /> : null}
          <fieldset className="grid gap-3" aria-describedby={error ? "slot-error" : undefined}>
            <legend className="font-semibold">{t("att.meet.choose")}</legend>
            {[...days].map(([day, slots]) => (
              <div key={day}>
                <p className="font-medium text-sm">{formatLocalDay(day, locale)}</p>
                <div className="mt-1 flex flex-wrap gap-2">
                  {slots.map((s) => (
                    <label
                      key={s.id}
                      className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-700"
                    >
                      <input type="radio" name="slot" value={s.id} required />
                      {t("att.meet.slot", { time: clockTime(s.startsAt), minutes: s.minutes, place: s.place })}
                    </label>
                  ))}
                </div>
              </div>
            ))}
          </fieldset>
          {moving ? null : (
            <label className="grid gap-1 text-sm" htmlFor="meet-note">
              <span className="font-medium">{t("att.meetings.note")}</span>
              <input
                id="meet-note"
                name="note"
                maxLength={500}
                defaultValue={actionData?.note ?? ""}
                className={inputClass}
              />
            </label>
          )}
          <button
            type="submit"
            className="justify-self-start rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            {t(moving ? "att.meet.sendMove" : "att.meetings.send")}
          </button>
        </Form>
      ) : (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">{t("att.meet.none", { name: other.name })}</p>
      )}
    </section>
  );
}
