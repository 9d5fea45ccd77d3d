import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { EVENT_TYPE_LABEL, EVENT_TYPES, eventFormSchema } from "~/lib/events";
import { pageMeta } from "~/lib/site";
import { requireUser } from "~/server/account/auth.server";
import { createEvent, getEvent, titleTaken, updateEvent } from "~/server/events/events.server";
import { notFound, parseId } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.event ? `Edit ${loaderData.event.title}` : "New event"),
  { name: "robots", content: "noindex" },
];

const eventId = (params: { id?: string }) => (params.id === undefined ? null : parseId(params.id));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const id = eventId(params);
  if (id === null) return { event: null };
  const row = await getEvent(app.db, user.id, id);
  if (!row) notFound();
  const { plan: _plan, attendees: _attendees, ...event } = row;
  return { event };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const id = eventId(params);
  const submission = parseWithZod(await request.formData(), { schema: eventFormSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  if (await titleTaken(app.db, user.id, submission.value.title, id))
    return data(
      { reply: submission.reply({ fieldErrors: { title: ["You already have an event with this title"] } }) },
      { status: 400 },
    );
  let target = id;
  if (id === null) target = await createEvent(app.db, user.id, submission.value);
  else if (!(await updateEvent(app.env, app.db, user.id, id, submission.value))) notFound();
  return redirectWithToast(`/events/${target}`, {
    type: "success",
    title: id === null ? "Event created" : "Event saved",
  });
}

export default function EventEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `event-${event?.id ?? "new"}`,
    lastResult: navigation.state === "idle" ? actionData?.reply : undefined,
    defaultValue: event
      ? {
          ...Object.fromEntries(Object.entries(event).map(([k, v]) => [k, v === null ? "" : String(v)])),
        }
      : { type: "in-person" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eventFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const input = (
    f: typeof fields.title,
    label: string,
    type: "text" | "date" | "url" | "number" = "text",
    hint?: string,
  ) => (
    <Field id={f.id} label={label} errors={f.errors} hint={hint}>
      <input {...getInputProps(f, { type })} className={inputClass} />
    </Field>
  );
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to={event ? `/events/${event.id}` : "/events"}
        className="text-brand-700 text-sm underline dark:text-brand-200"
      >
        ← {event ? event.title : "All events"}
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">{event ? "Edit event" : "New event"}</h1>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
      >
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="text-red-700 text-sm dark:text-red-300">
            {form.errors[0]}
          </p>
        ) : null}
        {input(fields.title, "Title")}
        <Field id={fields.description.id} label="Description" errors={fields.description.errors}>
          <textarea {...getTextareaProps(fields.description)} rows={3} className={inputClass} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          {input(fields.date, "Date", "date")}
          {input(fields.endDate, "Last day (optional)", "date", "For events over several days")}
          {input(fields.time, "Time", "text", "For example 9:00 AM - 5:00 PM")}
          <Field id={fields.type.id} label="Type" errors={fields.type.errors}>
            <select {...getSelectProps(fields.type)} className={inputClass}>
              {EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {EVENT_TYPE_LABEL[t]}
                </option>
              ))}
            </select>
          </Field>
          {input(fields.location, "Location")}
          {input(fields.platform, "Platform", "text", "For virtual and hybrid events, e.g. Zoom")}
          {input(fields.url, "Link to join", "url", "https:// only")}
          {input(fields.attendeeCount, "Expected attendees", "number")}
        </div>
        {input(fields.image, "Image link", "url", "https:// only")}
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          {event ? "Save event" : "Create event"}
        </button>
      </Form>
    </section>
  );
}
