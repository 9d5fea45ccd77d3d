import { card, linkClass, PageHero } from "~/components/marketing/page";
import { SupportForm } from "~/components/marketing/support-form";
import { appContext } from "~/context";
import { pageMeta, SITE } from "~/lib/site";
import { handleSupportForm } from "~/server/site/support-action.server";
import type { Route } from "./+types/contact";

export const meta = () =>
  pageMeta("Contact", "Talk to the KnowWho team about teams, nonprofit offers, events and custom solutions.");

export async function action({ request, context }: Route.ActionArgs) {
  return handleSupportForm(context.get(appContext), request, "contact");
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Talk to our team"
        intro="Custom plans for organisations, the nonprofit early-adopter offer, or cards for a whole event: tell us what you need."
      />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-3">
        <section aria-labelledby="write" className={`${card} lg:col-span-2`}>
          <h2 id="write" className="mb-6 font-bold text-2xl tracking-tight">
            Send us a message
          </h2>
          <SupportForm actionData={actionData} />
        </section>
        <aside className="space-y-4">
          <div className={card}>
            <h2 className="font-semibold">Email</h2>
            <a href={`mailto:${SITE.supportEmail}`} className={`${linkClass} mt-1 inline-block break-all`}>
              {SITE.supportEmail}
            </a>
          </div>
          <div className={card}>
            <h2 className="font-semibold">Hours</h2>
            <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">Monday to Friday, 9am-5pm EST.</p>
          </div>
          <div className={card}>
            <h2 className="font-semibold">Nonprofits</h2>
            <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
              Early adopters get three months of Card Pro free. Mention your organisation in your message.
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
