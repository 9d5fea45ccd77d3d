import { type KeyboardEvent, useRef, useState } from "react";

const TABS = ["connections", "events", "reminders"] as const;
type Tab = (typeof TABS)[number];
const LABEL: Record<Tab, string> = { connections: "Connections", events: "Events", reminders: "Reminders" };

const CONNECTIONS = [
  {
    name: "Jordan Blake",
    role: "Program Officer, Lakeside Foundation",
    priority: "High",
    event: "Social Impact Forum",
    tone: "text-red-700 dark:text-red-300",
  },
  {
    name: "Mei Tanaka",
    role: "CSR Manager, Northwind Bank",
    priority: "Medium",
    event: "Nonprofit Tech Summit",
    tone: "text-amber-700 dark:text-amber-300",
  },
  {
    name: "Carlos Mendes",
    role: "Founder, GreenRoute",
    priority: "Low",
    event: "Community Partners Mixer",
    tone: "text-green-700 dark:text-green-300",
  },
];
const EVENTS = [
  { title: "Nonprofit Tech Summit", when: "Dec 10, Chicago", status: "Upcoming", contacts: 0 },
  { title: "Community Partners Mixer", when: "Today, Austin", status: "Active", contacts: 14 },
  { title: "Social Impact Forum", when: "Sep 18, New York", status: "Past", contacts: 37 },
];
const REMINDERS = [
  { type: "Email", who: "Jordan Blake", when: "Tomorrow, 9:00 AM", note: "Send the impact report we discussed." },
  { type: "Call", who: "Mei Tanaka", when: "Friday, 2:30 PM", note: "Employee giving match for spring." },
  { type: "Meeting", who: "Carlos Mendes", when: "Next Tuesday", note: "Coffee near the GreenRoute office." },
];

/** A mock of the app with sample data, so visitors see what they get before signing up. */
export function DemoTabs() {
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
        See it in action
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600 dark:text-slate-300">
        Sample data from a fundraiser's week.
      </p>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <div
          role="tablist"
          aria-label="Demo"
          data-tabs=""
          className="flex gap-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
        >
          {TABS.map((t, i) => (
            <button
              key={t}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`demo-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`demo-panel-${t}`}
              tabIndex={tab === t ? 0 : -1}
              onClick={() => setTab(t)}
              onKeyDown={(e) => onKey(e, i)}
              className="flex-1 rounded-md px-3 py-2 font-semibold text-slate-600 text-sm aria-selected:bg-white aria-selected:text-brand-700 aria-selected:shadow dark:text-slate-300 dark:aria-selected:bg-slate-900 dark:aria-selected:text-brand-100"
            >
              {LABEL[t]}
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
                  <p className="text-slate-600 text-sm dark:text-slate-300">{c.role}</p>
                  <p className="text-slate-500 text-xs dark:text-slate-400">Met at {c.event}</p>
                </div>
                <span className={`font-semibold text-sm ${c.tone}`}>★ {c.priority} Priority</span>
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
                  <p className="text-slate-600 text-sm dark:text-slate-300">{e.when}</p>
                </div>
                <span className="text-slate-700 text-sm dark:text-slate-300">
                  {e.status} · {e.contacts} contacts
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
                  {r.type}: {r.who}
                </p>
                <p className="text-slate-600 text-sm dark:text-slate-300">
                  {r.when} · {r.note}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
