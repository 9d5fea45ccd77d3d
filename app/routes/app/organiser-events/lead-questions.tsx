import { href, Link } from "react-router";
import { QuestionsEditor } from "~/components/organiser-events/questions-editor";
import { appContext } from "~/context";
import { LEAD_QUESTIONS_MAX, leadQuestionSchema } from "~/lib/organiser-events/lead-questions";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { myAttendee } from "~/server/organiser-events/attendees.server";
import { publicOrgEvent } from "~/server/organiser-events/events.server";
import {
  addQuestion,
  deleteQuestion,
  managesBooth,
  questionsOf,
  viewerBooth,
} from "~/server/organiser-events/leads.server";
import { idOf, notFound } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { questionsFull, readQuestion } from "./+shared/question-form";
import type { Route } from "./+types/lead-questions";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Your stand's questions"),
  { name: "robots", content: "noindex" },
];

/** Only a booth has questions, set by an owner or admin of its workspace; anyone else is told nothing about them. */
async function load(params: Route.LoaderArgs["params"], context: Route.LoaderArgs["context"]) {
  const app = context.get(appContext);
  const user = getUser(context);
  const event = await publicOrgEvent(app.db, params.slug);
  if (!event) notFound();
  const booth = await viewerBooth(app.db, user, event.id, await myAttendee(app.db, user.id, event.id));
  if (!booth || !(await managesBooth(app.db, booth, user))) notFound();
  return { app, event, booth };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, event, booth } = await load(params, context);
  return { event: { slug: event.slug, title: event.title }, questions: await questionsOf(app.db, booth.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, event, booth } = await load(params, context);
  const form = await request.formData().catch(() => null);
  const back = href("/e/:slug/lead-questions", { slug: event.slug });
  const intent = form?.get("intent");
  if (intent === "delete") {
    const id = idOf(form?.get("id"));
    if (!id || !(await deleteQuestion(app.db, booth.id, id))) notFound();
    return redirectWithToast(back, { type: "success", title: "Question removed" });
  }
  const read = readQuestion(form, leadQuestionSchema);
  if ("refused" in read) return read.refused;
  if (!(await addQuestion(app.db, booth.id, read.question)))
    return questionsFull(read.values, "A stand", LEAD_QUESTIONS_MAX);
  return redirectWithToast(back, { type: "success", title: "Question added" });
}

const KIND_LABEL = { rating: "Rating, 1 to 5", choice: "One choice from a list", text: "Free text" } as const;

export default function LeadQuestions({ loaderData, actionData }: Route.ComponentProps) {
  const { event, questions } = loaderData;
  const values = actionData?.values ?? {};
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/e/:slug/directory", { slug: event.slug })} className="text-sm underline">
        ← Attendees of {event.title}
      </Link>
      <h1 className="mt-3 font-bold text-2xl tracking-tight sm:text-3xl">Your stand's questions</h1>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
        Asked right after each scan, and in your leads export as columns. Up to {LEAD_QUESTIONS_MAX}.
      </p>
      <QuestionsEditor
        idPrefix="lq"
        questions={questions}
        kinds={KIND_LABEL}
        defaultKind="rating"
        empty="No questions yet: scans ask for a rating and a note."
        optionsLabel="Options, one per line (for a choice: interest, timeframe…)"
        values={values}
        errors={errors}
      />
    </section>
  );
}
