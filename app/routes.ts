import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/marketing/home.tsx"),
  route("demo", "routes/marketing/demo.tsx"),
  route("newsletter", "routes/marketing/newsletter.tsx"),
  route("newsletter/confirm", "routes/marketing/newsletter-confirm.tsx"),
  route("theme", "routes/theme.tsx"),

  ...prefix("auth", [index("routes/auth/auth.tsx"), route("sign-out", "routes/auth/sign-out.tsx")]),

  route("dashboard", "routes/app/dashboard.tsx"),
  route("capture", "routes/app/capture.tsx"),
  route("card", "routes/app/cards.tsx"),
  route("card/:id", "routes/app/card-edit.tsx"),
  route("settings", "routes/app/settings.tsx"),
  route("notifications", "routes/app/notifications.tsx"),
  route("connections", "routes/app/connections.tsx"),
  route("connections/:id", "routes/app/connection.tsx"),

  route("dev/mailbox", "routes/dev/mailbox.tsx"),

  // Unknown paths show the landing page, answered 404.
  route("*", "routes/marketing/not-found.tsx"),
] satisfies RouteConfig;
