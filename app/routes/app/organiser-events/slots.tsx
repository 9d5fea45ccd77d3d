import { data, Form, href, Link } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { fieldErrors } from "~/lib/forms/field-errors";
import { slotsFormSchema } from "~/lib/organiser-events/meeting-slots";
import { clockTime } from "~/lib/organiser-events/programme";
import { formatLocal, MEETING_MINUTES } from "~/lib/organiser-events/rules";
import { pageMeta } from "~/lib/site";
import { openSlots, slotBoard } from "~/server/organiser-events/meeting-slots.server";
import { unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { ownEventOr404 } from "./+shared/own-event.server";
import type { Route } from "./+types/slots";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Meeting tables: ${loaderData.event.title}` : "Meeting tables"),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, event } = await ownEventOr404(context, params);
  return { event, board: await slotBoard(app.db, event.id) };
}

const FIELDS = ["from", "until", "minutes", "places"] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, event } = await ownEventOr404(context, params);
  const form = await request.formData().catch(() => null);
  if (!form) return data({ values: {}, errors: { form: "Send the form again" } }, { status: 400 });
  if (form.get("intent") !== "open") unknownIntent();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "").slice(0, 4000)]));
  const parsed = slotsFormSchema(event).safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data({ values, errors }, { status: 400 });
  }
  const opened = await openSlots(app.db, event, parsed.data);
  return redirectWithToast(href("/organiser/:id/meetings", { id: String(event.id) }), {
    type: "success",
    title: `${opened} meeting ${opened === 1 ? "slot" : "slots"} opened`,
  });
}

export default function Slots({ loaderData, actionData }: Route.ComponentProps) {
  const { event: e, board } = loaderData;
  const values: Record<string, string> = actionData?.values ?? {};
  const errors: Record<string, string> = actionData?.errors ?? {};
  const err = (f: string) => (errors[f] ? [errors[f]] : undefined);
  const cell = new Map(board.slots.map((s) => [`${s.startsAt}|${s.place}`, s]));
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to={href("/organiser/:id", { id: String(e.id) })} className="text-sm underline">
        ← {e.title}
      </Link>
      <h1 className="mt-4 font-bold text-3xl tracking-tight">Meeting tables</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Open times at tables or rooms. Attendees then ask each other only for times both are free: not during their
        sessions or other meetings, and at a table nobody booked.
      </p>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="open" />
        {errors.form ? (
          <p role="alert" className="text-red-700 text-sm sm:col-span-2">
            {errors.form}
          </p>
        ) : null}
        <Field id="slot-from" label={`First meeting starts (${e.timeZone})`} errors={err("from")}>
          <input
            id="slot-from"
            name="from"
            type="datetime-local"
            defaultValue={values.from ?? e.startsAt}
            className={inputClass}
          />
        </Field>
        <Field id="slot-until" label="Last meeting ends" errors={err("until")}>
          <input
            id="slot-until"
            name="until"
            type="datetime-local"
            defaultValue={values.until ?? ""}
            className={inputClass}
          />
        </Field>
        <Field id="slot-minutes" label="Each meeting lasts" errors={err("minutes")}>
          <select id="slot-minutes" name="minutes" defaultValue={values.minutes ?? "30"} className={inputClass}>
            {MEETING_MINUTES.map((n) => (
              <option key={n} value={n}>
                {n} minutes
              </option>
            ))}
          </select>
        </Field>
        <Field id="slot-places" label="Tables or rooms, one per line" errors={err("places")}>
          <textarea id="slot-places" name="places" rows={4} defaultValue={values.places ?? ""} className={inputClass} />
        </Field>
        <div className="sm:col-span-2">
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Open slots
          </button>
        </div>
      </Form>
      <h2 className="mt-8 font-semibold text-xl">Bookings</h2>
      {board.times.length ? (
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-sm" aria-label="Bookings by table">
            <thead>
              <tr>
                <th scope="col" className="p-2 text-left">
                  Time
                </th>
                {board.places.map((p) => (
                  <th key={p} scope="col" className="p-2 text-left">
                    {p}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {board.times.map((t) => (
                <tr key={t} className="border-slate-200 border-t dark:border-slate-800">
                  <th scope="row" className="whitespace-nowrap p-2 text-left font-normal">
                    {formatLocal(t).replace(/, \d{4}, \d{1,2}:\d{2} [AP]M$/, "")}, {clockTime(t)}
                  </th>
                  {board.places.map((p) => {
                    const s = cell.get(`${t}|${p}`);
                    return (
                      <td key={p} className="p-2" data-slot={s?.id}>
                        {!s ? (
                          ""
                        ) : s.state ? (
                          `${s.from} & ${s.to} (${s.state})`
                        ) : (
                          <span className="text-slate-500">Free</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-3">No slots yet.</p>
      )}
    </section>
  );
}
