import { Form, href, Link } from "react-router";
import { QuestionsEditor } from "~/components/organiser-events/questions-editor";
import { REG_QUESTIONS_MAX, regQuestionSchema } from "~/lib/organiser-events/registration-questions";
import { pageMeta } from "~/lib/site";
import { setAdmission } from "~/server/organiser-events/admission.server";
import { purgeOrgEvent } from "~/server/organiser-events/events.server";
import {
  addRegistrationQuestion,
  deleteRegistrationQuestion,
  registrationQuestions,
} from "~/server/organiser-events/registration.server";
import { idOf, notFound } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { ownEventOr404 } from "./+shared/own-event.server";
import { type QuestionValues, questionsFull, readQuestion } from "./+shared/question-form";
import type { Route } from "./+types/questions";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Registration questions: ${loaderData.event.title}` : "Registration questions"),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, event } = await ownEventOr404(context, params);
  return {
    event: {
      id: event.id,
      title: event.title,
      approval: event.approval,
      waitlist: event.waitlist,
      capacity: event.capacity,
    },
    questions: await registrationQuestions(app.db, event.id),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, event } = await ownEventOr404(context, params);
  const form = await request.formData().catch(() => null);
  const back = href("/organiser/:id/questions", { id: String(event.id) });
  if (form?.get("intent") === "admission") {
    const choice = { approval: form.get("approval") === "on", waitlist: form.get("waitlist") === "on" };
    await setAdmission(app.db, event.userId, event.id, choice);
    // The cached page offers its form, or says the event is full, by these choices.
    await purgeOrgEvent(app.env, event.slug);
    return redirectWithToast(back, { type: "success", title: "Joining rules saved" });
  }
  if (form?.get("intent") === "delete") {
    const id = idOf(form?.get("id"));
    if (!id || !(await deleteRegistrationQuestion(app.db, event.id, id))) notFound();
    // The public page carries the join form: its cached copies must not ask a removed question.
    await purgeOrgEvent(app.env, event.slug);
    return redirectWithToast(back, { type: "success", title: "Question removed" });
  }
  const read = readQuestion(form, regQuestionSchema, { required: form?.get("required") === "on" ? "on" : "" });
  if ("refused" in read) return read.refused;
  if (!(await addRegistrationQuestion(app.db, event.id, read.question)))
    return questionsFull(read.values, "An event", REG_QUESTIONS_MAX);
  await purgeOrgEvent(app.env, event.slug);
  return redirectWithToast(back, { type: "success", title: "Question added" });
}

const KIND_LABEL = { text: "Short text", choice: "One choice from a list", yesno: "Yes or no" } as const;

export default function RegistrationQuestions({ loaderData, actionData }: Route.ComponentProps) {
  const { event, questions } = loaderData;
  const values: QuestionValues = actionData?.values ?? {};
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/organiser/:id", { id: String(event.id) })} className="text-sm underline">
        ← {event.title}
      </Link>
      <h1 className="mt-3 font-bold text-2xl tracking-tight sm:text-3xl">Registration questions</h1>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
        Asked on the join form, and shown in the attendee list and its export as columns. Up to {REG_QUESTIONS_MAX}. The
        question's words are shown as you write them, in every language of the page.
      </p>
      <Form method="post" className="mt-4 grid gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <input type="hidden" name="intent" value="admission" />
        <h2 className="font-semibold text-lg">Who gets a place</h2>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="approval" defaultChecked={event.approval} className="mt-1" />
          <span>
            Approve each attendee: joiners wait until you approve them in the attendee list, and get no pass before.
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="waitlist" defaultChecked={event.waitlist} className="mt-1" />
          <span>
            Keep a waitlist once the event is full
            {event.capacity ? ` (${event.capacity} places)` : " (set a capacity on the event first)"}: when someone
            leaves or is declined, the first waiting gets their place and pass.
          </span>
        </label>
        <button
          type="submit"
          className="justify-self-start rounded-md border border-slate-300 px-3 py-2 font-semibold text-sm"
        >
          Save
        </button>
      </Form>
      <QuestionsEditor
        idPrefix="rq"
        questions={questions}
        kinds={KIND_LABEL}
        defaultKind="text"
        empty="No questions yet: joining asks for the name and email."
        optionsLabel="Options, one per line (for a choice)"
        requiredLabel="Required to join"
        values={values}
        errors={errors}
      />
    </section>
  );
}
