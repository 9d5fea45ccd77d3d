import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { type EventFieldSpec, EventForm } from "~/components/events/event-form";
import { appContext } from "~/context";
import { eventFormSchema } from "~/lib/events/rules";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { createEvent, getEvent, titleTaken, updateEvent } from "~/server/events/events.server";
import { notFound, parseId } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.event ? `Edit ${loaderData.event.title}` : "New event"),
  { name: "robots", content: "noindex" },
];

const eventId = (params: { id?: string }) => (params.id === undefined ? null : parseId(params.id));

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const id = eventId(params);
  if (id === null) return { event: null };
  const row = await getEvent(app.db, user.workspace.id, id);
  if (!row) notFound();
  const { plan: _plan, attendees: _attendees, ...event } = row;
  return { event };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const id = eventId(params);
  const submission = parseWithZod(await request.formData(), { schema: eventFormSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  if (await titleTaken(app.db, user.workspace.id, submission.value.title, id))
    return data(
      { reply: submission.reply({ fieldErrors: { title: ["You already have an event with this title"] } }) },
      { status: 400 },
    );
  let target = id;
  if (id === null) target = await createEvent(app.db, user.workspace.id, submission.value);
  else if (!(await updateEvent(app.env, app.db, user.workspace.id, id, submission.value))) notFound();
  return redirectWithToast(href("/events/:id", { id: String(target) }), {
    type: "success",
    title: id === null ? "Event created" : "Event saved",
  });
}

const HUB_EVENT_FIELDS: EventFieldSpec[] = [
  { name: "title", label: "Title", wide: true },
  { name: "description", label: "Description", kind: "textarea", wide: true },
  { name: "date", label: "Date", kind: "date" },
  { name: "endDate", label: "Last day (optional)", kind: "date", hint: "For events over several days" },
  { name: "time", label: "Time", hint: "For example 9:00 AM - 5:00 PM" },
  { name: "type", label: "Type", kind: "event-type" },
  { name: "location", label: "Location" },
  { name: "platform", label: "Platform", hint: "For virtual and hybrid events, e.g. Zoom" },
  { name: "url", label: "Link to join", kind: "url", hint: "https:// only" },
  { name: "attendeeCount", label: "Expected attendees", kind: "number" },
  { name: "image", label: "Image link", kind: "url", hint: "https:// only", wide: true },
];

export default function EventEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to={event ? href("/events/:id", { id: String(event.id) }) : href("/events")}
        className="text-brand-700 text-sm underline dark:text-brand-200"
      >
        ← {event ? event.title : "All events"}
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">{event ? "Edit event" : "New event"}</h1>
      <div className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <EventForm
          id={`event-${event?.id ?? "new"}`}
          schema={eventFormSchema}
          fields={HUB_EVENT_FIELDS}
          lastResult={actionData?.reply}
          defaultValue={
            event
              ? Object.fromEntries(Object.entries(event).map(([k, v]) => [k, v === null ? "" : String(v)]))
              : { type: "in-person" }
          }
          submitLabel={event ? "Save event" : "Create event"}
        />
      </div>
    </section>
  );
}
