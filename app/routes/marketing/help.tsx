import { href, Link } from "react-router";
import { Accordion } from "~/components/marketing/accordion";
import { card, linkClass, PageHero } from "~/components/marketing/page";
import { SupportForm } from "~/components/marketing/support-form";
import { findDoc } from "~/content/docs";
import { HELP_FAQ } from "~/content/faq";
import { appContext } from "~/context";
import { pageMeta, SITE } from "~/lib/site";
import { handleSupportForm } from "~/server/site/support-action.server";
import type { Route } from "./+types/help";

export const meta = () =>
  pageMeta("Help and Support", "Documentation, answers to common questions, and a direct line to the KnowWho team.");

export async function action({ request, context }: Route.ActionArgs) {
  return handleSupportForm(context.get(appContext), request, "help");
}

const resourceCard = `${card} block h-full transition hover:border-brand-500 hover:shadow-md`;

export default function Help({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Help" title="How can we help?" intro="Find an answer in the docs, or send us a message." />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <li>
            <Link to={href("/docs/:docId", { docId: "krystal-integration" })} className={resourceCard}>
              <h2 className="font-semibold text-lg">Documentation</h2>
              <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                Integrations, events, connections and analytics.
              </p>
            </Link>
          </li>
          <li>
            <a href="#contact-form" className={resourceCard}>
              <h2 className="font-semibold text-lg">Contact Support</h2>
              <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                Send a message; we reply within one business day.
              </p>
            </a>
          </li>
          {/* Only things we made: there are no video tutorials, and a search or someone else's forum is not help. */}
          <li>
            <Link to={href("/guides")} className={resourceCard}>
              <h2 className="font-semibold text-lg">Guides</h2>
              <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                Step-by-step walkthroughs of cards, capture and event hubs.
              </p>
            </Link>
          </li>
          <li>
            <Link to={SITE.demoPath} className={resourceCard}>
              <h2 className="font-semibold text-lg">Product demo</h2>
              <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                See a card, a capture and an event hub at work.
              </p>
            </Link>
          </li>
        </ul>

        <section aria-labelledby="faq" className="mx-auto mt-16 max-w-3xl">
          <h2 id="faq" className="mb-6 text-center font-bold text-3xl tracking-tight">
            Frequently asked questions
          </h2>
          <Accordion
            items={HELP_FAQ.map((f) => {
              const doc = f.docId ? findDoc(f.docId) : undefined;
              return {
                question: f.question,
                answer: (
                  <>
                    <p>{f.answer}</p>
                    {doc ? (
                      <Link to={href("/docs/:docId", { docId: doc.id })} className={`${linkClass} mt-2 inline-block`}>
                        Read the {doc.title} docs
                      </Link>
                    ) : null}
                  </>
                ),
              };
            })}
          />
        </section>

        <div className="mt-16 grid gap-10 lg:grid-cols-5">
          <section id="contact-form" aria-labelledby="still" className={`${card} scroll-mt-24 lg:col-span-3`}>
            <h2 id="still" className="font-bold text-2xl tracking-tight">
              Still Need Help?
            </h2>
            <p className="mt-1 mb-6 text-slate-600 dark:text-slate-300">
              Tell us what you were trying to do. You can also write to{" "}
              <a href={`mailto:${SITE.supportEmail}`} className={linkClass}>
                {SITE.supportEmail}
              </a>
              .
            </p>
            <SupportForm actionData={actionData} />
          </section>
          <section aria-labelledby="options" className="lg:col-span-2">
            <h2 id="options" className="font-bold text-2xl tracking-tight">
              Support options
            </h2>
            <ul className="mt-4 space-y-4">
              <li className={card}>
                <h3 className="font-semibold">Email support</h3>
                <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                  {SITE.supportEmail}: answers within one business day.
                </p>
              </li>
              <li className={card}>
                <h3 className="font-semibold">Live chat</h3>
                <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                  Monday to Friday, 9am-5pm EST: ask for a chat in the form on this page and we call or message you back
                  within the hour.
                </p>
              </li>
              <li className={card}>
                <h3 className="font-semibold">Priority support</h3>
                <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                  Card Pro members are answered first, including event-day questions.
                </p>
              </li>
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
