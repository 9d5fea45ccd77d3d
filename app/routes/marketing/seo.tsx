import { href, Link } from "react-router";
import { btnPrimary, btnSecondary, card, ExternalLink, linkClass, PageHero } from "~/components/marketing/page";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta, SITE } from "~/lib/site";

export const meta = () =>
  pageMeta(
    "SEO resources",
    "How your digital card and event pages help people find you, with five practical best practices.",
  );

const PRACTICES = [
  {
    title: "Use your real name and role",
    text: "People search for the name they heard at the event. Match your card to your LinkedIn and your organisation's site.",
  },
  {
    title: "Write a specific bio",
    text: "100 to 150 words naming your field, your city and what you work on. Specific words are what search engines match.",
  },
  {
    title: "Link your website both ways",
    text: "Put your card link on your website and your website on your card; each link confirms the other.",
  },
  {
    title: "Keep one published link",
    text: "Update the card instead of publishing a new one, so every QR code and backlink keeps pointing at the same page.",
  },
  {
    title: "Describe your campaigns well",
    text: "Give each fundraising campaign a clear title, location and mission; those are the words donors type.",
  },
];

const STORIES = [
  {
    quote:
      "After linking our card from every staff page, searches for our director's name started landing on her card within a month.",
    author: "Lena Hoffmann",
    role: "Communications Manager, Clearwater Youth Trust",
  },
  {
    quote:
      "Clear campaign titles with our city in them doubled the visitors who found our appeal without a direct link.",
    author: "Samuel Osei",
    role: "Fundraising Lead, Harbor Arts Collective",
  },
];

const RESOURCES = [
  {
    title: "Google Search Central: SEO Starter Guide",
    href: "https://developers.google.com/search/docs/fundamentals/seo-starter-guide",
  },
  { title: "Schema.org: Organization", href: "https://schema.org/Organization" },
  {
    title: "MDN: The Open Graph protocol and meta tags",
    href: "https://developer.mozilla.org/en-US/docs/Learn_web_development/Core/Structuring_content/Webpage_metadata",
  },
];

/** Reading only: no framework JavaScript. */
export const handle = staticPage;

export default function Seo() {
  return (
    <>
      <PageHero
        eyebrow="Resources"
        title="Be easy to find after the event"
        intro="The people you meet will search for you. Make sure they find your card, your organisation and your cause."
      />
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <section aria-labelledby="why">
          <h2 id="why" className="font-bold text-2xl tracking-tight">
            Why SEO matters for networking
          </h2>
          <p className="mt-3 text-slate-700 leading-relaxed dark:text-slate-300">
            Not everyone scans your QR code. Many people remember a name and a topic and search for it that evening. If
            your card and your campaigns rank for your own name, they find you instead of a stranger with the same name.
          </p>
        </section>
        <section aria-labelledby="practices" className="mt-12">
          <h2 id="practices" className="font-bold text-2xl tracking-tight">
            Five best practices
          </h2>
          <ol className="mt-6 space-y-4">
            {PRACTICES.map((p, i) => (
              <li key={p.title} className={`${card} flex gap-4`}>
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{p.title}</h3>
                  <p className="mt-1 text-slate-600 dark:text-slate-300">{p.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="stories" className="mt-12">
          <h2 id="stories" className="font-bold text-2xl tracking-tight">
            Success stories
          </h2>
          <div className="mt-6 grid gap-4 md:grid-cols-2">
            {STORIES.map((s) => (
              <figure key={s.author} className={card}>
                <blockquote className="text-slate-700 dark:text-slate-300">“{s.quote}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold">{s.author}</span>
                  <span className="block text-slate-500 dark:text-slate-400">{s.role}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
        <section aria-labelledby="resources" className="mt-12">
          <h2 id="resources" className="font-bold text-2xl tracking-tight">
            Further reading
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6">
            {RESOURCES.map((r) => (
              <li key={r.href}>
                <ExternalLink href={r.href} className={linkClass}>
                  {r.title}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </section>
        <div className="mt-12 flex flex-wrap gap-3">
          <Link to={`${href("/auth")}?mode=signup`} className={btnPrimary}>
            Get started
          </Link>
          <Link to={href("/contact")} className={btnSecondary}>
            Book a free SEO consultation
          </Link>
          <ExternalLink href={SITE.demoPath} className={btnSecondary}>
            Watch the demo
          </ExternalLink>
        </div>
      </div>
    </>
  );
}
