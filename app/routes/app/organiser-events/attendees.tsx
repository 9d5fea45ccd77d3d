import { data, Form, href, Link } from "react-router";
import { inputClass } from "~/components/ui/field";
import { PLACE_WORDS } from "~/lib/organiser-events/admission";
import { pageMeta } from "~/lib/site";
import { formatInZone, zoneName } from "~/lib/time/time";
import { getUser } from "~/server/account/user.server";
import { approveAttendee, declineAttendee, mailPlace, mailPromoted } from "~/server/organiser-events/admission.server";
import { attendeeList, attendeeListQuery, doorCount } from "~/server/organiser-events/attendee-list.server";
import { checkInAttendee, undoCheckIn } from "~/server/organiser-events/door.server";
import { idOf, unknownIntent } from "~/server/platform/http.server";
import { ownEventOr404 } from "./+shared/own-event.server";
import type { Route } from "./+types/attendees";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Attendees: ${loaderData.event.title}` : "Attendees"),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, event } = await ownEventOr404(context, params);
  const query = attendeeListQuery(new URL(request.url));
  const [list, count] = await Promise.all([attendeeList(app.db, event.id, query), doorCount(app.db, event.id)]);
  return { event: { id: event.id, title: event.title, timeZone: event.timeZone }, query, list, count };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, event } = await ownEventOr404(context, params);
  const user = getUser(context);
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const attendee = idOf(form?.get("attendee"));
  if (intent !== "checkin" && intent !== "undo" && intent !== "approve" && intent !== "decline") unknownIntent();
  if (!attendee) return data({ error: "Choose an attendee of this event" }, { status: 400 });
  if (intent === "approve" || intent === "decline") {
    const result = await (intent === "approve" ? approveAttendee : declineAttendee)(app.db, event.id, attendee);
    if (!result.ok)
      return result.reason === "full"
        ? data({ error: "The event is full: decline someone or raise the capacity first" }, { status: 409 })
        : data({ error: "That attendee is not waiting for an answer" }, { status: 404 });
    const [first, ...movedUp] = result.moved;
    const origin = new URL(request.url).origin;
    if (first && intent === "decline") await mailPlace(app.db, origin, event.title, first, "declined");
    // The approved attendee, or whoever a decline moved up from the waitlist, gets their pass now.
    await mailPromoted(app, request, event.title, intent === "approve" ? result.moved : movedUp);
    return { done: `${first?.name} ${intent === "approve" ? "approved" : "declined"}` };
  }
  if (intent === "undo") {
    if (!(await undoCheckIn(app.db, event.id, attendee)))
      return data({ error: "That attendee was not checked in" }, { status: 404 });
    return { done: "Check-in undone" };
  }
  const result = await checkInAttendee(app.db, event.id, attendee, user.id);
  if (!result.ok) return data({ error: result.message }, { status: 404 });
  return { done: result.created ? `${result.name} checked in` : `${result.name} was already checked in` };
}

const NEWS = { yes: "Yes", no: "No", none: "Not asked" } as const;

/** A check-in's time on the event's own clock, with the day: a door can stay open past midnight. */
const checkedTime = (at: Date, timeZone: string) =>
  `${formatInZone(at, timeZone, { weekday: "short", hour: "numeric", minute: "2-digit" })} ${zoneName(timeZone)}`;

export default function AttendeeList({ loaderData, actionData }: Route.ComponentProps) {
  const { event: e, query, list, count } = loaderData;
  const id = String(e.id);
  const link = (changes: Partial<Record<"q" | "in" | "page", string>>) => {
    const p = new URLSearchParams();
    const merged = { q: query.q ?? "", in: query.checkedIn ?? "", page: String(query.page ?? 0), ...changes };
    for (const [k, v] of Object.entries(merged)) if (v && v !== "0") p.set(k, v);
    const s = p.toString();
    return s ? `?${s}` : "";
  };
  const exportQuery = link({ page: "0" });
  const button = "rounded-md border border-slate-300 px-3 py-2 font-semibold text-sm dark:border-slate-700";
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to={href("/organiser/:id", { id })} className="text-sm underline">
        ← {e.title}
      </Link>
      <h1 className="mt-4 font-bold text-3xl tracking-tight">Attendees</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300" data-count="door">
        {`${count.inside} of ${count.attendees} checked in`}
      </p>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
        An attendee's email shows only when they said yes to hearing from you; their organisation and title only when
        they chose to be listed in the directory.
      </p>
      {actionData && "error" in actionData ? (
        <p role="alert" className="mt-3 text-red-700 text-sm">
          {actionData.error}
        </p>
      ) : actionData && "done" in actionData ? (
        <p role="status" className="mt-3 text-sm">
          {actionData.done}
        </p>
      ) : null}
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm">
          Search
          <input name="q" type="search" defaultValue={query.q} maxLength={200} className={inputClass} />
        </label>
        <label className="grid gap-1 text-sm">
          Checked in
          <select name="in" defaultValue={query.checkedIn ?? ""} className={inputClass}>
            <option value="">Everyone</option>
            <option value="yes">Checked in</option>
            <option value="no">Not yet</option>
          </select>
        </label>
        <button type="submit" className={button}>
          Search
        </button>
      </Form>
      <p className="mt-4 flex flex-wrap gap-3">
        <a
          href={`${href("/organiser/:id/attendees/:format", { id, format: "list.csv" })}${exportQuery}`}
          className={button}
        >
          Export this list (CSV)
        </a>
        <a
          href={`${href("/organiser/:id/attendees/:format", { id, format: "list.xlsx" })}${exportQuery}`}
          className={button}
        >
          Export this list (Excel)
        </a>
        <Link to={href("/organiser/:id/door", { id })} className={button}>
          Door check-in
        </Link>
        <Link to={href("/organiser/:id/badges", { id })} className={button}>
          Badges to print
        </Link>
      </p>
      {list.rows.length ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Organisation</th>
                <th scope="col">Directory</th>
                <th scope="col">News from you</th>
                <th scope="col">Place</th>
                <th scope="col">Checked in</th>
                {list.questions.map((q) => (
                  <th key={q.id} scope="col" className="[overflow-wrap:anywhere]">
                    {q.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.rows.map((a) => (
                <tr key={a.id} className="border-slate-200 border-t align-top dark:border-slate-800">
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    {a.name}
                    {a.title ? <span className="block font-normal text-slate-600">{a.title}</span> : null}
                  </th>
                  <td className="py-2 pr-3">{a.email ?? <span className="text-slate-500">Not shared</span>}</td>
                  <td className="py-2 pr-3">{a.company ?? <span className="text-slate-500">Not shared</span>}</td>
                  <td className="py-2 pr-3">{a.listed ? "Listed" : "Not listed"}</td>
                  <td className="py-2 pr-3">{NEWS[a.news]}</td>
                  <td className="py-2 pr-3" data-place={a.state}>
                    {PLACE_WORDS[a.state]}
                    {a.state === "declined" ? null : (
                      <Form method="post" className="flex flex-wrap gap-2">
                        <input type="hidden" name="attendee" value={a.id} />
                        {a.state === "going" ? null : (
                          <button type="submit" name="intent" value="approve" className="underline">
                            Approve {a.name}
                          </button>
                        )}
                        <button type="submit" name="intent" value="decline" className="underline">
                          Decline {a.name}
                        </button>
                      </Form>
                    )}
                  </td>
                  <td className="py-2 pr-3">
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="attendee" value={a.id} />
                      {a.checkedAt ? (
                        <>
                          <time dateTime={a.checkedAt.toISOString()}>{checkedTime(a.checkedAt, e.timeZone)}</time>
                          <button type="submit" name="intent" value="undo" className="underline">
                            Undo
                          </button>
                        </>
                      ) : a.state === "going" ? (
                        <button type="submit" name="intent" value="checkin" className="underline">
                          Check in {a.name}
                        </button>
                      ) : (
                        // No place, no entry: the door refuses them too.
                        <span className="text-slate-500">No place yet</span>
                      )}
                    </Form>
                  </td>
                  {a.answers.map((answer, i) => (
                    <td key={list.questions[i]?.id} className="py-2 pr-3 [overflow-wrap:anywhere]">
                      {answer}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-6">{query.q || query.checkedIn ? "Nobody matches this search." : "Nobody has joined yet."}</p>
      )}
      <nav className="mt-4 flex gap-4 text-sm" aria-label="Pages">
        {list.page > 0 ? <Link to={link({ page: String(list.page - 1) })}>← Previous</Link> : null}
        {list.more ? <Link to={link({ page: String(list.page + 1) })}>Next →</Link> : null}
      </nav>
    </section>
  );
}
