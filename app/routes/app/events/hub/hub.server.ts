import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, type RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "~/context";
import { can } from "~/lib/billing/plans";
import {
  ATTENDEE_LIMITS,
  type AttendeeReport,
  eventStatus,
  parseAttendeeCsv,
  planFormSchema,
  targetsFromLines,
} from "~/lib/events/rules";
import { isConfirmed } from "~/lib/forms/confirm";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { dayInZone, formatInZone } from "~/lib/time/time";
import { ownersOf } from "~/server/account/app-shell.server";
import type { SessionUser } from "~/server/account/auth.server";
import { getUser } from "~/server/account/user.server";
import { type AiBinding, createAssistant } from "~/server/assistant/assistant.server";
import { getEntitlements, requireFeature } from "~/server/billing/plans.server";
import { answerEventWord } from "~/server/events/event-word.server";
import {
  deleteEvent,
  getEvent,
  networkForPlan,
  saveAttendees,
  savePlan,
  toggleActive,
} from "~/server/events/events.server";
import { notFound, parseId } from "~/server/platform/http.server";
import { oncePerRequest } from "~/server/platform/per-request.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { getSettings } from "~/server/settings/settings.server";

type Context = Readonly<RouterContextProvider>;

/**
 * The owner's event as its pages show it, with what their plan lets them do; a 404 for anyone else's. Read
 * once per request, though the layout's loader and the section's both ask.
 */
export function loadEvent(context: Context, idParam: string) {
  return oncePerRequest(context, `event:${idParam}`, () => readEvent(context, idParam));
}

async function readEvent(context: Context, idParam: string) {
  const app = context.get(appContext);
  // The owner's events are numbered; a word is a published organiser event's old address, or nothing.
  if (!/^\d+$/.test(idParam)) await answerEventWord(app, idParam);
  const id = parseId(idParam);
  const user = getUser(context);
  const [row, settings, plan] = await Promise.all([
    getEvent(app.db, user.workspace.id, id),
    getSettings(app.db, user.id),
    getEntitlements(app.db, user.workspace.id),
  ]);
  if (!row) notFound();
  const status = eventStatus(row, dayInZone(new Date(), settings.timeZone));
  const { attendees, ...event } = row;
  // On Basic, a plan made earlier stays readable; making and editing plans and attendee lists is Card Pro.
  const pro = { strategyPlans: can(plan, "strategyPlans"), eventHub: can(plan, "eventHub") };
  return {
    event: {
      ...event,
      status,
      importedAttendees: attendees.length,
      // The plan's day in the owner's zone, as every other date in the app.
      planDay: event.plan ? formatInZone(event.plan.generatedAt, settings.timeZone, { dateStyle: "medium" }) : null,
    },
    pro,
    trialAvailable: plan.trialAvailable,
  };
}

type Existing = NonNullable<Awaited<ReturnType<typeof getEvent>>>;
type IntentArgs = {
  app: AppContext;
  user: SessionUser;
  id: number;
  existing: Existing;
  form: FormData;
  /** The page the form was posted from, for the redirect after it. */
  page: string;
  toast: (title: string, to: string, description?: string) => Promise<Response>;
};
export type HubSection = Record<string, (args: IntentArgs) => Promise<unknown>>;

/** Setting the event active and deleting it, from any of its pages. */
export const eventIntents = {
  async "toggle-active"({ app, user, id, form, toast }: IntentArgs) {
    const result = await toggleActive(app.env, app.db, user.workspace.id, id);
    if (!result) notFound();
    return toast(
      result.active ? `${result.title} is your active event` : `${result.title} is no longer active`,
      safeRedirect(form.get("redirectTo"), href("/events/:id", { id: String(id) })),
      result.active ? "Everyone you capture or who shares back is tagged with it." : undefined,
    );
  },
  async delete({ app, user, id, form, toast }: IntentArgs) {
    // The plan and attendee list go with it: asked once more first, on the page (no script needed).
    if (!isConfirmed(form)) return data({ confirm: "delete" as const });
    if (!(await deleteEvent(app.env, app.db, user.workspace.id, id))) notFound();
    return toast("Event deleted", href("/events"));
  },
} satisfies HubSection;

export const attendeeIntents = {
  async "import-attendees"({ app, user, id, form }: IntentArgs) {
    await requireFeature(app.db, user.workspace.id, "eventHub");
    const file = form.get("attendees");
    const report: AttendeeReport =
      !(file instanceof File) || file.size === 0
        ? { attendees: [], problems: [], error: "Choose a CSV file to import" }
        : file.size > ATTENDEE_LIMITS.bytes
          ? { attendees: [], problems: [], error: `The file is larger than ${ATTENDEE_LIMITS.bytes / 1000} KB` }
          : parseAttendeeCsv(await file.text());
    if (report.error) return data({ attendeeReport: { ...report, imported: 0 } }, { status: 400 });
    await saveAttendees(app.db, user.workspace.id, id, report.attendees);
    return data({ attendeeReport: { ...report, imported: report.attendees.length, attendees: [] } });
  },
} satisfies HubSection;

export const planIntents = {
  async "generate-plan"({ app, user, id, existing, form, page, toast }: IntentArgs) {
    await requireFeature(app.db, user.workspace.id, "strategyPlans");
    const goals = String(form.get("goals") ?? "")
      .slice(0, 2000)
      .split(/\r?\n/)
      .map((g) => g.trim().slice(0, 200))
      .filter(Boolean)
      .slice(0, 8);
    const network = await networkForPlan(app.db, ownersOf(user));
    const assistant = createAssistant(app.env.AI as AiBinding | undefined);
    const { result, engine, fallbackReason } = await assistant.plan({
      event: {
        title: existing.title,
        description: existing.description,
        date: existing.date,
        location: existing.location,
        type: existing.type,
      },
      goals,
      network,
      attendees: existing.attendees,
      ownerName: user.name,
    });
    if (fallbackReason) console.warn(`plan fell back to the built-in engine: ${fallbackReason}`);
    await savePlan(app.db, user.workspace.id, id, {
      ...result,
      engine,
      generatedAt: new Date().toISOString(),
      edited: false,
    });
    return toast(
      "Plan ready",
      `${page}#plan`,
      engine === "workers-ai" ? "Written by Workers AI." : "Written by the built-in assistant.",
    );
  },
  async "save-plan"({ app, user, id, existing, form, page, toast }: IntentArgs) {
    await requireFeature(app.db, user.workspace.id, "strategyPlans");
    const submission = parseWithZod(form, { schema: planFormSchema });
    if (submission.status !== "success") return data({ planReply: submission.reply() }, { status: 400 });
    const attendeeNames = new Set(existing.attendees.map((a) => a.name.toLowerCase()));
    await savePlan(app.db, user.workspace.id, id, {
      goals: submission.value.goals,
      targets: targetsFromLines(submission.value.targets, attendeeNames),
      talkingPoints: submission.value.talkingPoints,
      checklist: submission.value.checklist,
      engine: existing.plan?.engine ?? "built-in",
      generatedAt: existing.plan?.generatedAt ?? new Date().toISOString(),
      edited: true,
    });
    return toast("Plan saved", `${page}#plan`);
  },
} satisfies HubSection;

export const allHubIntents = [eventIntents, attendeeIntents, planIntents];

/** Runs the intent a form names in one of `sections` on the owner's own event, or answers 404 / 400. */
export async function runHubIntent(
  { request, params, context }: { request: Request; params: { id: string }; context: Context },
  sections: HubSection[],
) {
  const app = context.get(appContext);
  const user = getUser(context);
  const id = parseId(params.id);
  const existing = await getEvent(app.db, user.workspace.id, id);
  if (!existing) notFound();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const handler = sections.find((s) => Object.hasOwn(s, intent))?.[intent];
  if (!handler) return data({ error: "Unknown action" }, { status: 400 });
  const page = new URL(request.url).pathname.replace(/\.data$/, "");
  return handler({
    app,
    user,
    id,
    existing,
    form,
    page,
    toast: (title, to, description) => redirectWithToast(to, { type: "success", title, description }),
  });
}
