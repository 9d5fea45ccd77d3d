import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/marketing/home.tsx"),
  route("demo", "routes/marketing/demo.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("features", "routes/marketing/features.tsx"),
  route("pricing", "routes/marketing/pricing.tsx"),
  route("help", "routes/marketing/help.tsx"),
  route("contact", "routes/marketing/contact.tsx"),
  route("guides", "routes/marketing/guides.tsx"),
  route("guides/:slug", "routes/marketing/guide.tsx"),
  route("docs/:docId", "routes/marketing/docs.tsx"),
  route("updates", "routes/marketing/updates.tsx"),
  route("updates/:id", "routes/marketing/update.tsx"),
  route("seo", "routes/marketing/seo.tsx"),
  route("reviews", "routes/marketing/reviews.tsx"),
  route("privacy", "routes/marketing/legal.tsx", { id: "privacy" }),
  route("terms", "routes/marketing/legal.tsx", { id: "terms" }),
  route("fundraising", "routes/fundraising/campaigns.tsx"),
  route("fundraising/:id", "routes/fundraising/campaign.tsx"),
  route("fundraising/:id/donate", "routes/fundraising/donate.tsx"),
  route("fundraising/:id/thanks", "routes/fundraising/thanks.tsx"),
  // A donor's monthly gifts with one owner, through the signed link in their receipts: pause, resume, cancel.
  route("fundraising/gifts/:token", "routes/fundraising/manage.tsx"),
  route("sitemap.xml", "routes/marketing/sitemap.ts"),
  route("robots.txt", "routes/marketing/robots.ts"),
  route("newsletter", "routes/marketing/newsletter.tsx"),
  route("newsletter/confirm", "routes/marketing/newsletter-confirm.tsx"),
  route("theme", "routes/theme.tsx"),
  // A visitor's correction to a page in their language (decision 0259).
  route("translate", "routes/marketing/translate.tsx"),

  ...prefix("auth", [
    index("routes/auth/auth.tsx"),
    route("sign-out", "routes/auth/sign-out.tsx"),
    route("forgot", "routes/auth/forgot.tsx"),
    route("reset", "routes/auth/reset.tsx"),
    route("two-factor", "routes/auth/two-factor.tsx"),
    // Single sign-on for a team's addresses (decision 0214): off to the provider, and back.
    route("sso", "routes/auth/sso.tsx"),
    route("sso/callback", "routes/auth/sso-callback.tsx"),
  ]),

  // The landing page's sample events: public pages at fixed addresses, outside the signed-in area.
  ...["nonprofit-tech-summit", "impact-fundraising-live", "community-partners-mixer", "social-impact-forum-2026"].map(
    (id) => route(`events/${id}`, "routes/marketing/sample-event.tsx", { id: `sample-event-${id}` }),
  ),

  // The signed-in area: its middleware reads the session once and puts the user on the context.
  layout("routes/app/_layout.tsx", [
    route("dashboard", "routes/app/dashboard.tsx"),
    route("welcome", "routes/app/welcome.tsx"),
    route("capture", "routes/app/capture/_layout.tsx", [
      index("routes/app/capture/overview.tsx"),
      route("quick", "routes/app/capture/quick.tsx"),
    ]),
    route("card", "routes/app/cards.tsx"),
    route("card/:id", "routes/app/card-edit.tsx"),
    route("settings", "routes/app/settings.tsx"),
    route("settings/account", "routes/app/account.tsx"),
    // Integrations: every section on one page, and each section on its own page with its own loader and action.
    route("settings/integrations", "routes/app/integrations/_layout.tsx", [
      index("routes/app/integrations/overview.tsx"),
      route("webhooks", "routes/app/integrations/webhooks.tsx"),
      route("hubspot", "routes/app/integrations/hubspot.tsx"),
      route("krystal", "routes/app/integrations/krystal.tsx"),
      route("api", "routes/app/integrations/api-tokens.tsx"),
      route("address-book", "routes/app/integrations/address-book.tsx"),
    ]),
    route("settings/keep-in-touch", "routes/app/rhythms.tsx"),
    // Teams (decision 0200): yours and making one, a team's members and invitations, and an invitation's link.
    route("teams", "routes/app/teams/teams.tsx"),
    route("teams/join", "routes/app/teams/join.tsx"),
    route("teams/:id", "routes/app/teams/team.tsx"),
    route("teams/:id/audit", "routes/app/teams/audit.tsx"),
    route("teams/:id/audit.csv", "routes/app/teams/audit-csv.ts"),
    route("teams/:id/sign-in", "routes/app/teams/sign-in.tsx"),
    // Cards on brand (decision 0236): a team's templates and cards, and a member's link to take the card made for them.
    route("teams/:id/cards", "routes/app/teams/cards.tsx"),
    route("teams/:id/analytics", "routes/app/teams/analytics.tsx"),
    route("teams/claim", "routes/app/teams/claim.tsx"),
    route("card/:id/analytics", "routes/app/card-analytics.tsx"),
    // Plan and billing: every section on one page, each section on its own page, and a change of period previewed.
    route("settings/billing", "routes/app/billing/_layout.tsx", [
      index("routes/app/billing/index.tsx"),
      route("subscription", "routes/app/billing/subscription.tsx"),
      route("nonprofit", "routes/app/billing/nonprofit.tsx"),
      route("change", "routes/app/billing/change.tsx"),
    ]),
    // Operators only (OPERATOR_EMAILS); a 404 to everyone else.
    route("admin/nonprofits", "routes/app/admin-nonprofits.tsx"),
    route("admin/campaigns", "routes/app/admin-campaigns.tsx"),
    route("notifications", "routes/app/notifications.tsx"),
    route("connections", "routes/app/people/list.tsx"),
    route("connections/import", "routes/app/people/import.tsx"),
    route("connections/new", "routes/app/people/new.tsx"),
    route("connections/merge", "routes/app/people/merge.tsx"),
    route("connections/duplicates", "routes/app/people/duplicates.tsx"),
    // A person: every section on one page, and each section on its own page with its own loader and action.
    route("connections/:id", "routes/app/people/person/_layout.tsx", [
      index("routes/app/people/person/overview.tsx"),
      route("details", "routes/app/people/person/details.tsx"),
      route("suggestions", "routes/app/people/person/suggestions.tsx"),
      route("follow-up", "routes/app/people/person/follow-up.tsx"),
      route("history", "routes/app/people/person/history.tsx"),
    ]),
    route("events", "routes/app/events/list.tsx"),
    route("events/new", "routes/app/events/edit.tsx", { id: "event-new" }),
    // The owner's numbered events (a word here is an organiser event's old address, or not found).
    // An event: every section on one page, and the plan and attendee list on their own with their own loader and action.
    route("events/:id", "routes/app/events/hub/_layout.tsx", [
      index("routes/app/events/hub/overview.tsx"),
      route("plan", "routes/app/events/hub/plan.tsx"),
      route("attendees", "routes/app/events/hub/attendees.tsx"),
    ]),
    route("events/:id/edit", "routes/app/events/edit.tsx", { id: "event-edit" }),
    route("events/:id/report", "routes/app/events/report.tsx"),
    // Fundraising: the owner's campaigns, gifts, pledges and thank-yous.
    route("campaigns", "routes/app/fundraising/list.tsx"),
    route("campaigns/new", "routes/app/fundraising/edit.tsx", { id: "campaign-new" }),
    route("campaigns/connect", "routes/app/fundraising/connect.ts"),
    route("campaigns/connect/return", "routes/app/fundraising/connect-return.tsx"),
    route("campaigns/thank-you", "routes/app/fundraising/thank-you.tsx"),
    route("campaigns/gifts", "routes/app/fundraising/gift-actions.tsx"),
    // Donor retention across every campaign (this year, first-time, LYBUNT, SYBUNT) and its CSV.
    route("campaigns/retention", "routes/app/fundraising/retention.tsx"),
    route("campaigns/retention.csv", "routes/app/fundraising/retention-csv.ts"),
    // A refund, partial or full, after a confirmation that shows the amount.
    route("campaigns/gifts/:gift/refund", "routes/app/fundraising/refund.tsx"),
    // Receipts: the organisation profile they name, a gift's printable receipt, donors' year-end statements.
    route("campaigns/organisation", "routes/app/fundraising/organisation.tsx"),
    route("campaigns/gifts/:gift/receipt", "routes/app/fundraising/receipt.ts"),
    route("campaigns/statements", "routes/app/fundraising/statements.tsx"),
    route("campaigns/statements/:person", "routes/app/fundraising/statement.ts"),
    route("campaigns/:id", "routes/app/fundraising/dashboard.tsx"),
    route("campaigns/:id/edit", "routes/app/fundraising/edit.tsx", { id: "campaign-edit" }),
    route("campaigns/:id/gifts.csv", "routes/app/fundraising/gifts-csv.ts"),
    route("campaigns/:id/import", "routes/app/fundraising/import.tsx"),
    // Organiser events: publish and run a public event; attendees join, find and meet each other.
    route("organiser", "routes/app/organiser-events/list.tsx"),
    route("organiser/:id", "routes/app/organiser-events/event.tsx"),
    route("organiser/:id/attendees/:format", "routes/app/organiser-events/export.ts"),
    route("organiser/:id/programme", "routes/app/organiser-events/programme.tsx"),
    route("organiser/:id/programme/:session", "routes/app/organiser-events/session.tsx"),
    route("e/:slug/join", "routes/app/organiser-events/join.tsx"),
    route("e/:slug/directory", "routes/app/organiser-events/directory.tsx"),
    route("e/:slug/meet/:id", "routes/app/organiser-events/meet.tsx"),
    route("e/:slug/leads/:format", "routes/app/organiser-events/leads-export.ts"),
    route("e/:slug/lead-questions", "routes/app/organiser-events/lead-questions.tsx"),
    route("organiser/:id/meetings", "routes/app/organiser-events/slots.tsx"),
    route("organiser/:id/attendees", "routes/app/organiser-events/attendees.tsx"),
    route("organiser/:id/door", "routes/app/organiser-events/door.tsx"),
    route("organiser/:id/badges", "routes/app/organiser-events/badges.tsx"),
    route("organiser/:id/questions", "routes/app/organiser-events/questions.tsx"),
    route("organiser/:id/matchmaking", "routes/app/organiser-events/matchmaking.tsx"),
    route("organiser/:id/analytics", "routes/app/organiser-events/analytics.tsx"),
    route("organiser/:id/analytics.csv", "routes/app/organiser-events/analytics-export.ts"),
    // Mailings: audiences of consenting people, compose, results.
    route("mailings", "routes/app/mailings/list.tsx"),
    route("mailings/new", "routes/app/mailings/compose.tsx"),
    route("mailings/:id", "routes/app/mailings/results.tsx"),
    // Development only: each status's error page inside the app shell.
    route("dev/app-error/:status", "routes/dev/error.tsx", { id: "dev-app-error" }),
  ]),

  route("dev/mailbox", "routes/dev/mailbox.tsx"),
  // Development only: each status's error page inside the marketing layout.
  route("dev/error/:status", "routes/dev/error.tsx"),

  // The built-in test checkout (payments adapter's local default; 404 when Stripe is configured).
  route("pay/test/checkout/:id", "routes/pay/test-checkout.tsx"),
  route("pay/test/onboard/:id", "routes/pay/test-onboard.tsx"),
  route("pay/test/portal/:id", "routes/pay/test-portal.tsx"),

  // Unknown paths show the landing page, answered 404.
  route("*", "routes/marketing/not-found.tsx"),
] satisfies RouteConfig;
