import { href } from "react-router";
import type { z } from "zod";
import { appContext } from "~/context";
import { statementHtml, statementQuery } from "~/lib/fundraising/receipt";
import { escapeHtml } from "~/lib/text/escape";
import { getUser } from "~/server/account/user.server";
import { donorStatement, organisationDay, sendStatement } from "~/server/fundraising/organisation.server";
import { notFound, parseId, unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/statement";

const bad = (message: string) =>
  new Response(message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
const firstMessage = (e: z.ZodError) => e.issues[0]?.message ?? "Check the year";

/** A donor's year-end statement as a printable page (the browser's Print or Save as PDF gives the document). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const personId = parseId(params.person);
  const url = new URL(request.url);
  const thisYear = Number((await organisationDay(app.db, user.workspace.id)).slice(0, 4));
  const q = statementQuery.safeParse({ year: thisYear, ...Object.fromEntries(url.searchParams) });
  if (!q.success) return bad(firstMessage(q.error));
  const s = await donorStatement(app.db, user.workspace.id, personId, q.data.year, q.data.basis);
  if (!s) notFound();
  const back = `${href("/campaigns/statements")}?year=${q.data.year}&basis=${q.data.basis}`;
  const actions = `<a class="button" href="${escapeHtml(back)}">Back to statements</a>${
    s.email
      ? `<form method="post"><input type="hidden" name="intent" value="email"><input type="hidden" name="year" value="${q.data.year}"><input type="hidden" name="basis" value="${q.data.basis}"><button type="submit">Email to ${escapeHtml(s.email)}</button></form>`
      : ""
  }<span>Print, or save as PDF, from your browser's menu.</span>`;
  return new Response(statementHtml(s, actions), {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" },
  });
}

/** Emails the statement to the donor through the mail adapter. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const personId = parseId(params.person);
  const formData = await request.formData().catch(() => null);
  if (!formData) return bad("Send the form as a form");
  const form = Object.fromEntries(formData);
  if (form.intent !== "email") unknownIntent();
  const q = statementQuery.safeParse(form);
  if (!q.success) return bad(firstMessage(q.error));
  const s = await donorStatement(app.db, user.workspace.id, personId, q.data.year, q.data.basis);
  if (!s) notFound();
  const back = `${href("/campaigns/statements")}?year=${q.data.year}&basis=${q.data.basis}`;
  const sent = await sendStatement(app, s);
  return redirectWithToast(
    back,
    sent === "sent"
      ? { type: "success", title: `Statement emailed to ${s.donor.name}` }
      : { type: "error", title: `${s.donor.name} has no email address` },
  );
}
