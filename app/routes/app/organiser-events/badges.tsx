import { href, Link } from "react-router";
import { pageMeta } from "~/lib/site";
import { badgeRun } from "~/server/organiser-events/badges.server";
import { ownEventOr404 } from "./+shared/own-event.server";
import type { Route } from "./+types/badges";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Badges: ${loaderData.event.title}` : "Badges"),
  { name: "robots", content: "noindex" },
];

/** The paper sizes offered, with the page rule each prints on. */
const PAPER = { a4: { label: "A4", size: "A4" }, letter: { label: "US Letter", size: "letter" } } as const;
type Paper = keyof typeof PAPER;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, event } = await ownEventOr404(context, params);
  const url = new URL(request.url);
  const paper: Paper = url.searchParams.get("paper") === "letter" ? "letter" : "a4";
  const asked = Number(url.searchParams.get("run") ?? 0);
  const run = Number.isSafeInteger(asked) && asked > 0 && asked < 10_000 ? asked : 0;
  const sheet = await badgeRun(app.db, event, url.origin, run);
  return { event: { id: event.id, title: event.title }, paper, run, ...sheet };
}

export default function Badges({ loaderData }: Route.ComponentProps) {
  const { event: e, paper, run, badges, more } = loaderData;
  const id = String(e.id);
  const to = (p: Paper, r: number) => `${href("/organiser/:id/badges", { id })}?paper=${p}${r ? `&run=${r}` : ""}`;
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 print:m-0 print:max-w-none print:p-0">
      <style>{`@page { size: ${PAPER[paper].size}; margin: 10mm; }`}</style>
      <div className="print:hidden">
        <Link to={href("/organiser/:id/attendees", { id })} className="text-sm underline">
          ← Attendees of {e.title}
        </Link>
        <h1 className="mt-4 font-bold text-3xl tracking-tight">Badges to print</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Each badge carries the attendee's pass QR: the door and exhibitors scan it. Print with the browser's print
          command; choose the paper here first.
        </p>
        <p className="mt-3 flex flex-wrap gap-3 text-sm">
          {(Object.keys(PAPER) as Paper[]).map((p) =>
            p === paper ? (
              <strong key={p}>{PAPER[p].label}</strong>
            ) : (
              <Link key={p} to={to(p, run)} className="underline">
                {PAPER[p].label}
              </Link>
            ),
          )}
          {run > 0 ? (
            <Link to={to(paper, run - 1)} className="underline">
              ← Previous badges
            </Link>
          ) : null}
          {more ? (
            <Link to={to(paper, run + 1)} className="underline">
              Next badges →
            </Link>
          ) : null}
        </p>
      </div>
      {badges.length ? (
        <ul className="mt-6 grid grid-cols-2 gap-[4mm] print:mt-0" data-paper={paper}>
          {badges.map((b) => (
            <li
              key={b.id}
              className="flex h-[62mm] break-inside-avoid items-center gap-3 overflow-hidden rounded border border-slate-400 bg-white p-[4mm] text-slate-900"
            >
              <div className="min-w-0 flex-1">
                <p className="font-bold text-xl leading-tight">{b.name}</p>
                {b.company ? <p className="mt-1 text-base">{b.company}</p> : null}
                <p className="mt-3 text-slate-600 text-xs">{e.title}</p>
              </div>
              <div
                role="img"
                aria-label={`Pass QR code of ${b.name}`}
                className="size-[34mm] shrink-0 [&>svg]:size-full"
                // Generated on the server by the qrcode library from our own URL; no user text is in it.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from the qrcode library
                dangerouslySetInnerHTML={{ __html: b.qrSvg }}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6">Nobody has joined yet: badges appear here as attendees join.</p>
      )}
    </section>
  );
}
