import { href } from "react-router";
import { formatInZone } from "~/lib/time/time";
import { DraftContext } from "./draft-context";
import { FollowUpDraft } from "./follow-up-draft";
import { KeepInTouch, type RhythmView } from "./keep-in-touch";
import { type FollowErrorView, LogInteraction, PersonTimeline } from "./timeline";

const box = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";

/** The person page's follow-through: log and timeline, keep-in-touch rhythm, the saved follow-up draft. */
export function PersonFollowThrough({
  person,
  follow,
  timeZone,
  today,
  error,
  team = false,
}: {
  person: { id: number; name: string; email: string | null; lastContactAt: Date | string | null };
  follow: {
    timeline: {
      id: number;
      kind: string;
      source: string;
      occurredAt: Date | string;
      text: string;
      private?: boolean;
    }[];
    rhythm: RhythmView;
    draft: Parameters<typeof FollowUpDraft>[0]["draft"];
    discussed: string;
    todos: { todo: string; due: string | null }[];
  };
  timeZone: string;
  today: string;
  error: FollowErrorView;
  /** Working in a team (decision 0234): notes are private unless shared. */
  team?: boolean;
}) {
  const returnTo = href("/connections/:id", { id: String(person.id) });
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section className={box} aria-labelledby="timeline-title">
        <h2 id="timeline-title" className="font-semibold text-lg">
          Timeline
        </h2>
        <p className="text-slate-600 text-sm dark:text-slate-300" data-testid="last-contacted">
          {person.lastContactAt
            ? `Last contacted ${formatInZone(new Date(person.lastContactAt), timeZone)}`
            : "No contact logged yet"}
        </p>
        <div className="mt-3">
          {/* Keyed on the newest entry: after a log the form starts empty again. */}
          <LogInteraction
            key={follow.timeline[0]?.id ?? 0}
            personId={person.id}
            returnTo={returnTo}
            error={error}
            today={today}
            team={team}
          />
        </div>
        <div className="mt-5">
          <PersonTimeline personId={person.id} entries={follow.timeline} timeZone={timeZone} returnTo={returnTo} />
        </div>
      </section>
      <div className="space-y-6">
        <section className={box} aria-labelledby="rhythm-title">
          <h2 id="rhythm-title" className="font-semibold text-lg">
            Keep in touch
          </h2>
          <div className="mt-3">
            <KeepInTouch personId={person.id} rhythm={follow.rhythm} returnTo={returnTo} error={error} />
          </div>
        </section>
        <section className={box} aria-labelledby="draft-title">
          <h2 id="draft-title" className="font-semibold text-lg">
            Follow-up email
          </h2>
          <div className="mt-3 space-y-5">
            <DraftContext
              personId={person.id}
              discussed={follow.discussed}
              todos={follow.todos}
              returnTo={returnTo}
              error={error}
            />
            <FollowUpDraft
              personId={person.id}
              email={person.email}
              draft={follow.draft}
              timeZone={timeZone}
              returnTo={returnTo}
              error={error}
            />
          </div>
        </section>
      </div>
    </div>
  );
}
