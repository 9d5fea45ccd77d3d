import { type KeyboardEvent, useRef, useState } from "react";
import type { SayMarketing } from "~/lib/i18n/marketing";

const TABS = ["connections", "events", "reminders"] as const;
type Tab = (typeof TABS)[number];

const CONNECTIONS = [
  {
    name: "Jordan Blake",
    role: "home.demo.role.programOfficer",
    priority: "high",
    event: "Social Impact Forum",
    tone: "text-red-700 dark:text-red-300",
  },
  {
    name: "Mei Tanaka",
    role: "home.demo.role.csr",
    priority: "medium",
    event: "Nonprofit Tech Summit",
    tone: "text-amber-700 dark:text-amber-300",
  },
  {
    name: "Carlos Mendes",
    role: "home.demo.role.founder",
    priority: "low",
    event: "Community Partners Mixer",
    tone: "text-green-700 dark:text-green-300",
  },
] as const;
const EVENTS = [
  { title: "Nonprofit Tech Summit", when: "home.demo.when.chicago", status: "upcoming", contacts: 0 },
  { title: "Community Partners Mixer", when: "home.demo.when.austin", status: "active", contacts: 14 },
  { title: "Social Impact Forum", when: "home.demo.when.newYork", status: "past", contacts: 37 },
] as const;
const REMINDERS = [
  { type: "email", who: "Jordan Blake", note: "report" },
  { type: "call", who: "Mei Tanaka", note: "match" },
  { type: "meeting", who: "Carlos Mendes", note: "coffee" },
] as const;

/** A mock of the app with sample data, so visitors see what they get before signing up. */
export function DemoTabs({ t }: { t: SayMarketing }) {
  const [tab, setTab] = useState<Tab>("connections");
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKey(e: KeyboardEvent, i: number) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = (i + step + TABS.length) % TABS.length;
    setTab(TABS[next] ?? "connections");
    refs.current[next]?.focus();
  }
  return (
    <section aria-labelledby="demo" className="mx-auto mt-20 max-w-5xl px-4 sm:px-6">
      <h2 id="demo" className="text-center font-bold text-3xl tracking-tight">
        {t("home.demo.title")}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600 dark:text-slate-300">{t("home.demo.lead")}</p>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <div
          role="tablist"
          aria-label={t("home.demo.label")}
          data-tabs=""
          className="flex gap-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
        >
          {TABS.map((name, i) => (
            <button
              key={name}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`demo-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`demo-panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => setTab(name)}
              onKeyDown={(e) => onKey(e, i)}
              className="flex-1 rounded-md px-2 py-2 font-semibold text-slate-600 text-sm aria-selected:bg-white aria-selected:text-brand-700 aria-selected:shadow dark:text-slate-300 dark:aria-selected:bg-slate-900 dark:aria-selected:text-brand-100"
            >
              {t(`home.demo.tab.${name}`)}
            </button>
          ))}
        </div>
        {/* Every panel is in the page, so /site.js can switch them on a page without framework JavaScript. */}
        <div
          id="demo-panel-connections"
          role="tabpanel"
          aria-labelledby="demo-tab-connections"
          hidden={tab !== "connections"}
          className="mt-4"
        >
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {CONNECTIONS.map((c) => (
              <li key={c.name} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-semibold">{c.name}</p>
                  <p className="text-slate-600 text-sm dark:text-slate-300">{t(c.role)}</p>
                  <p className="text-slate-500 text-xs dark:text-slate-400">
                    {t("home.demo.metAt", { event: c.event })}
                  </p>
                </div>
                <span className={`font-semibold text-sm ${c.tone}`}>
                  ★ {t("home.demo.priority", { priority: t(`home.priority.${c.priority}`) })}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div
          id="demo-panel-events"
          role="tabpanel"
          aria-labelledby="demo-tab-events"
          hidden={tab !== "events"}
          className="mt-4"
        >
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {EVENTS.map((e) => (
              <li key={e.title} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-semibold">{e.title}</p>
                  <p className="text-slate-600 text-sm dark:text-slate-300">{t(e.when)}</p>
                </div>
                <span className="text-slate-700 text-sm dark:text-slate-300">
                  {t(`home.demo.status.${e.status}`)} · {t("home.demo.contacts", { count: e.contacts })}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div
          id="demo-panel-reminders"
          role="tabpanel"
          aria-labelledby="demo-tab-reminders"
          hidden={tab !== "reminders"}
          className="mt-4"
        >
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {REMINDERS.map((r) => (
              <li key={r.who} className="py-3">
                <p className="font-semibold">
                  {t("home.demo.reminder", { type: t(`home.demo.type.${r.type}`), who: r.who })}
                </p>
                <p className="text-slate-600 text-sm dark:text-slate-300">
                  {t(`home.demo.reminder.${r.note}.when`)} · {t(`home.demo.reminder.${r.note}.note`)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
