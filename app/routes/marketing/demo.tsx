import { href, Link } from "react-router";
import { pageMeta, SITE } from "~/lib/site";

export const meta = () => pageMeta("Product tour", `A two-minute tour of ${SITE.name}: card, capture and follow-up.`);

const TOUR = [
  {
    title: "1. Make your card",
    text: "Sign up, fill in your name, role and links, pick a colour and publish. Your card gets a short link and a QR code.",
  },
  {
    title: "2. Share it at the event",
    text: "Show the QR code, tap an NFC tag or send the link. The visitor sees your card instantly, with no app to install.",
  },
  {
    title: "3. They share back",
    text: "With Share Your Info the visitor sends you their name, email and phone. They land in your network, tagged with your active event.",
  },
  {
    title: "4. Follow up within 48 hours",
    text: "Your dashboard lists who to follow up with today, with reminders and suggested messages.",
  },
];

export default function Demo() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Product tour</h1>
      <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">How {SITE.name} works, in four steps.</p>
      <ol className="mt-8 space-y-6">
        {TOUR.map((step) => (
          <li key={step.title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
            <h2 className="font-semibold text-xl">{step.title}</h2>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-wrap gap-3">
        <a href="/c/demo" className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Open the demo card
        </a>
        <Link
          to={`${href("/auth")}?mode=signup`}
          className="rounded-md border border-slate-300 px-5 py-3 font-semibold dark:border-slate-700"
        >
          Create your own
        </Link>
      </div>
    </section>
  );
}
