import { data, href, Link, useFetcher } from "react-router";
import { z } from "zod";
import { linkClass, Sections } from "~/components/marketing/page";
import { DEFAULT_GUIDE_AUTHOR, DEFAULT_READ_TIME, findGuide, GUIDES, guidePath } from "~/content/guides";
import { appContext } from "~/context";
import { formatDay } from "~/lib/i18n/format";
import { negotiateLocale } from "~/lib/i18n/locales";
import { pageWords } from "~/lib/i18n/page-words";
import { pageSay, type SayPage } from "~/lib/i18n/pages";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { readVisitorId, visitorId } from "~/server/cards/visitor.server";
import { allow, clientKey } from "~/server/platform/rate-limit.server";
import { getGuideVote, recordGuideVote } from "~/server/site/guides.server";
import type { Route } from "./+types/guide";

/** The frame in the visitor's language; the guide itself is English, marked so (decision 0285). */
export const handle = localizedPage;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const guide = findGuide(params.slug);
  if (!guide) throw data("Guide not found", { status: 404 });
  const vote = await getGuideVote(context.get(appContext).db, guide.slug, readVisitorId(request));
  return { guide, vote, words: pageWords(negotiateLocale(request).locale, "guides") };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta(loaderData.guide.title, loaderData.guide.description) : pageMeta("Guide not found");

const voteSchema = z.object({ vote: z.enum(["yes", "somewhat", "no"]) });

export async function action({ params, request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const guide = findGuide(params.slug);
  if (!guide) throw data("Guide not found", { status: 404 });
  const parsed = voteSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const }, { status: 400 });
  if (!(await allow(app.env, "forms", `guide-vote:${clientKey(request)}`)))
    return data({ ok: false as const }, { status: 429 });
  const visitor = visitorId(request);
  await recordGuideVote(app.db, guide.slug, visitor.id, parsed.data.vote);
  return data({ ok: true as const }, { headers: visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined });
}

const VOTES = ["yes", "somewhat", "no"] as const;

function Helpful({ current, say }: { current: string | null; say: SayPage }) {
  const THANKS = say("guides.page.thanks");
  const REFUSED = say("guides.page.refused");
  const fetcher = useFetcher<typeof action>();
  const chosen = (fetcher.formData?.get("vote") as string | null) ?? current;
  const refused = fetcher.state === "idle" && fetcher.data?.ok === false;
  return (
    <section aria-labelledby="helpful" className="mt-12 rounded-xl bg-slate-100 p-6 dark:bg-slate-900">
      <h2 id="helpful" className="font-semibold text-lg">
        {say("guides.page.helpful")}
      </h2>
      {/* Without framework JavaScript /site.js posts the vote in place and says so (data-vote). */}
      <fetcher.Form method="post" data-vote="" className="mt-3 flex flex-wrap gap-2">
        {VOTES.map((v) => (
          <button
            key={v}
            type="submit"
            name="vote"
            value={v}
            aria-pressed={chosen === v}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-sm hover:bg-slate-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white dark:border-slate-700 dark:bg-slate-800 dark:hover:bg-slate-700"
          >
            {say(`guides.page.${v}`)}
          </button>
        ))}
      </fetcher.Form>
      <p
        role="status"
        data-thanks={THANKS}
        data-refused={REFUSED}
        className="mt-3 text-slate-600 text-sm dark:text-slate-300"
      >
        {refused ? REFUSED : chosen ? THANKS : ""}
      </p>
    </section>
  );
}

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  const { guide, vote } = loaderData;
  const say = pageSay(loaderData.words);
  const readTime = (minutes: number | undefined) => say("guides.readTime", { minutes: minutes ?? DEFAULT_READ_TIME });
  const more = GUIDES.filter(
    (g) => g.slug !== guide.slug && (g.slug === "welcome" || g.slug === "virtual-card" || g.tab === guide.tab),
  ).slice(0, 3);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/guides")} className={linkClass}>
        {say("guides.page.back")}
      </Link>
      {say.locale === "en" ? null : (
        <p className="mt-6 text-slate-600 text-sm dark:text-slate-300">{say("guides.english")}</p>
      )}
      <div lang="en" dir="ltr">
        <h1 className="mt-6 font-extrabold text-3xl tracking-tight sm:text-4xl">{guide.title}</h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{guide.description}</p>
      </div>
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-slate-600 text-sm dark:text-slate-300">
        <div className="flex gap-1">
          <dt>{say("guides.page.by")}</dt>
          <dd lang="en" dir="ltr" className="font-semibold">
            {guide.author ?? DEFAULT_GUIDE_AUTHOR}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">{say("guides.page.published")}</dt>
          <dd>
            <time dateTime={guide.date}>{formatDay(guide.date, say.locale)}</time>
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">{say("guides.page.readingTime")}</dt>
          <dd>{readTime(guide.readTime)}</dd>
        </div>
      </dl>
      <div lang="en" dir="ltr" className="mt-10">
        <Sections sections={guide.sections} />
      </div>
      <Helpful current={vote} say={say} />
      <section aria-labelledby="more" className="mt-12">
        <h2 id="more" className="font-bold text-xl">
          {say("guides.page.more")}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {more.map((g) => (
            <li key={g.slug}>
              <Link
                to={guidePath(g.slug)}
                className="block h-full rounded-lg border border-slate-200 p-4 hover:border-brand-500 dark:border-slate-800"
              >
                <span lang="en" dir="ltr" className="font-semibold">
                  {g.title}
                </span>
                <span className="mt-1 block text-slate-500 text-xs dark:text-slate-400">{readTime(g.readTime)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
