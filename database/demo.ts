/** The demo account every fresh install gets; the README prints these. */
export const DEMO_USER = {
  id: "demo-user",
  name: "Amara Reyes",
  email: "demo@knowwho.app",
  password: "demo-password-2026",
} as const;
