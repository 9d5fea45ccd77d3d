/** The demo account every fresh install gets; the README prints these. */
export const DEMO_USER = {
  id: "demo-user",
  name: "Amara Reyes",
  email: "demo@knowwho.app",
  password: "demo-password-2026",
} as const;

/** The demo owner's team (decision 0200): the demo owner owns it; two colleagues sign in with the same password. */
export const DEMO_TEAM = { id: "team_demo_open_futures", name: "Open Futures Partnerships" } as const;

export const DEMO_TEAMMATES = [
  {
    id: "demo-teammate-noor",
    name: "Noor Haddad",
    email: "noor@knowwho.app",
    role: "admin",
    title: "Events Lead",
    slug: "open-futures-noor",
  },
  {
    id: "demo-teammate-leo",
    name: "Leo Martins",
    email: "leo@knowwho.app",
    role: "member",
    title: "Program Associate",
    slug: "open-futures-leo",
  },
] as const;

/** The demo owner's organiser event, at /e/{slug}: a fixed slug so the README can name it. */
export const DEMO_EVENT_SLUG = "partners-day-demo";
