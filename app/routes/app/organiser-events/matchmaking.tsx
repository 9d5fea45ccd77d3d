import { data, Form, href, Link } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { INTENT_MAX, INTENT_OPTIONS_MAX, parseIntentOptions } from "~/lib/organiser-events/intents";
import { pageMeta } from "~/lib/site";
import { intentOptions, setIntentOptions } from "~/server/organiser-events/intents.server";
import { unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { ownEventOr404 } from "./+shared/own-event.server";
import type { Route } from "./+types/matchmaking";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Matchmaking: ${loaderData.event.title}` : "Matchmaking"),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, event } = await ownEventOr404(context, params);
  return { event: { id: event.id, title: event.title }, options: await intentOptions(app.db, event.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, event } = await ownEventOr404(context, params);
  const form = await request.formData().catch(() => null);
  if (!form) return data({ value: "", error: "Send the form again" }, { status: 400 });
  if (form.get("intent") !== "options") unknownIntent();
  const value = String(form.get("options") ?? "").slice(0, 10_000);
  const parsed = parseIntentOptions(value);
  if (!parsed.ok) return data({ value, error: parsed.error }, { status: 400 });
  await setIntentOptions(app.db, event.id, parsed.options);
  return redirectWithToast(href("/organiser/:id/matchmaking", { id: String(event.id) }), {
    type: "success",
    title: "Matchmaking list saved",
  });
}

export default function Matchmaking({ loaderData, actionData }: Route.ComponentProps) {
  const { event, options } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/organiser/:id", { id: String(event.id) })} className="text-sm underline">
        ← {event.title}
      </Link>
      <h1 className="mt-4 font-bold text-3xl tracking-tight">Matchmaking</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        A short list attendees choose from to say what they look for and what they offer (funding, mentoring, hiring,
        partners...). They may add words of their own. Each attendee listed in the directory is then shown the people
        whose offers meet their needs, and only people they can already see there.
      </p>
      <Form method="post" className="mt-4 grid gap-4" noValidate>
        <input type="hidden" name="intent" value="options" />
        <Field
          id="intent-options"
          label="The list, one item per line"
          hint={`At most ${INTENT_OPTIONS_MAX} items of at most ${INTENT_MAX} characters each.`}
          errors={actionData?.error ? [actionData.error] : undefined}
        >
          <textarea
            id="intent-options"
            name="options"
            rows={8}
            defaultValue={actionData?.value ?? options.join("\n")}
            className={inputClass}
            aria-invalid={actionData?.error ? true : undefined}
            aria-describedby={actionData?.error ? "intent-options-error" : "intent-options-hint"}
          />
        </Field>
        <button
          type="submit"
          className="justify-self-start rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Save the list
        </button>
      </Form>
    </section>
  );
}
