import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { personRhythmSchema, type RhythmEvery } from "~/lib/follow/rhythm";
import { DUE_CLASS, DUE_LABEL, Snooze } from "./quick-actions";
import { RhythmFields } from "./rhythm-fields";
import { type FollowErrorView, followReply } from "./timeline";

const small = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700";

export type RhythmView = {
  own: { every: RhythmEvery; days: number | null } | null;
  snoozedUntil: string | null;
  current: {
    via: string;
    rhythm: string;
    due: { dueDay: string; state: "overdue" | "due" | "upcoming"; daysOverdue: number };
    reasons: string[];
  } | null;
};

/** A person's keep-in-touch rhythm: how often, when next, snooze. */
export function KeepInTouch({
  personId,
  rhythm,
  returnTo,
  error,
}: {
  personId: number;
  rhythm: RhythmView;
  returnTo: string;
  error: FollowErrorView;
}) {
  const [form, fields] = useForm({
    id: `rhythm-${personId}`,
    lastResult: followReply(error, "rhythm", personId),
    defaultValue: { every: rhythm.own?.every ?? "none", days: rhythm.own?.days ? String(rhythm.own.days) : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: personRhythmSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const current = rhythm.current;
  return (
    <div className="space-y-3">
      {current ? (
        <p className="text-sm" data-testid="rhythm-next">
          <span className={`rounded-full px-2.5 py-1 font-medium text-xs ${DUE_CLASS[current.due.state]}`}>
            {DUE_LABEL[current.due.state]}
          </span>{" "}
          {current.due.state === "upcoming"
            ? `on ${current.due.dueDay}`
            : current.due.state === "overdue"
              ? `since ${current.due.dueDay}`
              : ""}
          <span className="block text-slate-600 dark:text-slate-300">
            {current.via === "own" || current.via === "post-event"
              ? current.rhythm
              : `${current.rhythm} (tag ${current.via})`}
          </span>
        </p>
      ) : (
        <p className="text-slate-600 text-sm dark:text-slate-300">No rhythm yet.</p>
      )}
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="rhythm" />
        <input type="hidden" name="personId" value={personId} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <RhythmFields every={fields.every} days={fields.days} everyLabel="Keep in touch" noneLabel="No rhythm" />
        <button type="submit" className={small}>
          Save rhythm
        </button>
      </Form>
      {current && current.due.state !== "upcoming" ? <Snooze personId={personId} returnTo={returnTo} /> : null}
      {rhythm.snoozedUntil ? (
        <p className="text-slate-600 text-xs dark:text-slate-300">Snoozed until {rhythm.snoozedUntil}.</p>
      ) : null}
    </div>
  );
}
