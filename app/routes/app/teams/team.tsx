import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, useNavigation } from "react-router";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { formatPlanDate } from "~/lib/billing/plans";
import { formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/site";
import {
  type CheckedRow,
  INVITATIONS_PER_DAY,
  INVITE_FILE_MESSAGES,
  MAX_INVITE_ROWS,
  readInviteFile,
} from "~/lib/teams/invite-file";
import { HEIR_MESSAGE, managesTeam, ROLE_NAMES, ROLES, type Role, teamSchema } from "~/lib/teams/rules";
import { getUser } from "~/server/account/user.server";
import { nextInvoice, syncSeatsAfter } from "~/server/billing/seats.server";
import { boothsOf } from "~/server/organiser-events/leads.server";
import { purgeCards } from "~/server/platform/edge-cache.server";
import { notFound, unknownIntent } from "~/server/platform/http.server";
import { allow } from "~/server/platform/rate-limit.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { checkInviteFile } from "~/server/teams/invite-file.server";
import { membersSeeAll, peopleOwners, reassignPeople, setMembersSeeAll } from "~/server/teams/people.server";
import {
  type Actor,
  cancelInvitation,
  changeRole,
  invite,
  inviteMany,
  leaveTeam,
  type MemberChange,
  removeMember,
  teamOf,
  teamPage,
  transferOwnership,
} from "~/server/teams/teams.server";
import type { Route } from "./+types/team";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta(loaderData?.team.name ?? "Team"),
  { name: "robots", content: "noindex" },
];

const INTENTS = new Set([
  "invite",
  "invite-file",
  "invite-many",
  "cancel-invitation",
  "remove",
  "role",
  "transfer",
  "leave",
  "reassign",
  "members-see-all",
]);

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { db } = app;
  const user = getUser(context);
  // Only a member sees a team: anyone else, a removed member too, gets the one 404.
  const team = (await teamOf(db, user.id, params.id)) ?? notFound();
  // The booth's leads download reads the workspace worked in, so booths are listed while working in this team.
  const working = user.workspace.id === team.id && team.role !== "member";
  const [{ members, invitations }, seeAll, owned, booths, invoice] = await Promise.all([
    teamPage(db, team.id, new Date()),
    membersSeeAll(db, team.id),
    peopleOwners(db, team.id),
    working ? boothsOf(db, team.id) : [],
    // What the seats will cost is the owners' and admins' to see, as buying them is (decision 0237).
    team.role === "member" ? null : nextInvoice(app, team.id),
  ]);
  // How many team people each member owns, for the forms that hand them on.
  const people = Object.fromEntries(members.map((m) => [m.id, owned.get(m.id) ?? 0]));
  return { team, members, invitations, me: user.id, seeAll, people, booths, invoice };
}

/** Why a change to a member was refused, said on the page. */
const REFUSED: Record<Exclude<MemberChange, { ok: true }>["reason"], [number, string]> = {
  "not-allowed": [403, "Only the team's owners and admins can do that, and only owners can change an owner."],
  gone: [409, "That person is no longer in the team: someone else may have removed them just now."],
  "last-owner": [409, "A team always keeps an owner: make someone else owner first."],
  heir: [400, HEIR_MESSAGE],
};

const DAILY_LIMIT = `A team sends at most ${INVITATIONS_PER_DAY} invitations a day: send the rest tomorrow.`;
const TOO_FAST = "Too many invitations in a minute: wait a minute, then send again.";

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const team = (await teamOf(app.db, user.id, params.id)) ?? notFound();
  const formData = await request.formData();
  if (!INTENTS.has(String(formData.get("intent")))) unknownIntent();
  const submission = parseWithZod(formData, { schema: teamSchema });
  if (submission.status !== "success")
    return data({ reply: submission.reply(), form: String(formData.get("intent")) }, { status: 400 });
  const { value } = submission;
  const actor: Actor = { userId: user.id, workspaceId: team.id, role: team.role };
  const here = href("/teams/:id", { id: team.id });
  const done = (title: string, to = here) => redirectWithToast(to, { type: "success", title });
  const refuse = (change: Exclude<MemberChange, { ok: true }>) => {
    const [status, message] = REFUSED[change.reason];
    return data({ reply: submission.reply({ formErrors: [message] }) }, { status });
  };

  // Members only leave; everything else is the owners' and admins' (each write checks it again as it writes).
  if (team.role === "member" && value.intent !== "leave") return refuse({ ok: false, reason: "not-allowed" });
  const mailing = { team: team.name, inviter: user.name, origin: new URL(request.url).origin };
  // Sending is limited per account and minute, and per team and day (the latter in the statement that writes).
  const sends = value.intent === "invite" || value.intent === "invite-many";
  if (sends && !(await allow(app.env, "forms", `team-invite:${user.id}`)))
    return data({ reply: submission.reply({ formErrors: [TOO_FAST] }), form: value.intent }, { status: 429 });
  if (value.intent === "invite-file") {
    const read = readInviteFile(new Uint8Array(await value.file.arrayBuffer()));
    if (!read.ok)
      return data(
        { reply: submission.reply({ fieldErrors: { file: [read.message] } }), form: value.intent },
        { status: 400 },
      );
    const rows = await checkInviteFile(app.db, team.id, read.rows, new Date());
    return data({ preview: { rows, role: value.role, file: value.file.name.slice(0, 200) }, form: value.intent });
  }
  if (value.intent === "invite-many") {
    const lines = value.emails.split(/\r?\n/).filter((l) => l.trim());
    if (lines.length > MAX_INVITE_ROWS)
      return data(
        { reply: submission.reply({ formErrors: [INVITE_FILE_MESSAGES.tooMany(lines.length)] }), form: value.intent },
        { status: 400 },
      );
    // Checked again: the list came back from the browser, and people may have joined since the preview.
    const rows = await checkInviteFile(
      app.db,
      team.id,
      lines.map((email, i) => ({ line: i + 1, email: email.trim() })),
      new Date(),
    );
    const emails = rows.filter((r) => r.verdict === "invite").map((r) => r.email);
    if (emails.length === 0)
      return data(
        { reply: submission.reply({ formErrors: ["Nobody in that list can be invited."] }), form: value.intent },
        { status: 400 },
      );
    const sent = await inviteMany(app.db, actor, { emails, role: value.role, ...mailing }, new Date());
    if (!sent.ok)
      return sent.reason === "daily-limit"
        ? data({ reply: submission.reply({ formErrors: [DAILY_LIMIT] }), form: value.intent }, { status: 429 })
        : refuse({ ok: false, reason: "not-allowed" });
    const n = sent.sent.length;
    return done(n === 1 ? "Invitation sent to 1 person" : `Invitations sent to ${n} people`);
  }
  if (value.intent === "invite") {
    const sent = await invite(app.db, actor, { email: value.email, role: value.role, ...mailing }, new Date());
    if (sent.ok) return done(`Invitation sent to ${value.email}`);
    if (sent.reason === "daily-limit")
      return data({ reply: submission.reply({ formErrors: [DAILY_LIMIT] }) }, { status: 429 });
    if (sent.reason === "already-member")
      return data(
        { reply: submission.reply({ fieldErrors: { email: [`${value.email} is in the team already`] } }) },
        { status: 409 },
      );
    return refuse({ ok: false, reason: "not-allowed" });
  }
  if (value.intent === "cancel-invitation") {
    if (!(await cancelInvitation(app.db, actor, value.invitation))) return refuse({ ok: false, reason: "gone" });
    return done("Invitation taken back: its link no longer works");
  }
  if (value.intent === "members-see-all") {
    await setMembersSeeAll(app.db, actor, value.on === "on");
    return done(value.on === "on" ? "Members now see every team person" : "Members now see the people they met");
  }
  if (value.intent === "reassign") {
    const moved = await reassignPeople(app.db, actor, { from: value.from }, value.to);
    if (!moved.ok)
      return moved.reason === "not-member"
        ? data({ reply: submission.reply({ fieldErrors: { to: ["Choose a member of the team"] } }) }, { status: 400 })
        : refuse({ ok: false, reason: "not-allowed" });
    return done(moved.moved === 1 ? "1 person reassigned" : `${moved.moved} people reassigned`);
  }
  if (value.intent === "leave") {
    const left = await leaveTeam(app.db, actor);
    if (!left.ok) return refuse(left);
    await syncSeatsAfter(app, team.id);
    await purgeCards(app.env, left.paused ?? []);
    return done(`You left ${team.name}`, href("/teams"));
  }
  const change =
    value.intent === "remove"
      ? await removeMember(app.db, actor, value.user, value.heir || user.id)
      : value.intent === "role"
        ? await changeRole(app.db, actor, value.user, value.role)
        : await transferOwnership(app.db, actor, value.user);
  if (!change.ok) return refuse(change);
  if (value.intent === "remove") await syncSeatsAfter(app, team.id);
  // The cards the member held are paused: their visitor pages say so from the next visit on.
  await purgeCards(app.env, change.paused ?? []);
  return done(
    value.intent === "remove"
      ? "Removed from the team"
      : value.intent === "role"
        ? "Role changed"
        : "Ownership handed over",
  );
}

const small = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700";
const button = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700";

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { team, members, invitations, me, seeAll, people, booths, invoice } = loaderData;
  const admins = members.filter((m) => managesTeam(m.role));
  const navigation = useNavigation();
  const manages = managesTeam(team.role);
  const answer = navigation.state === "idle" ? actionData : undefined;
  const fromFile = !!answer && "form" in answer && answer.form === "invite-file";
  const [form, fields] = useForm({
    id: "invite",
    lastResult: answer && "reply" in answer && !fromFile ? answer.reply : undefined,
    defaultValue: { email: "", role: "member" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [fileForm, fileFields] = useForm<{ file: File; role: string }>({
    id: "invite-file",
    lastResult: answer && "reply" in answer && fromFile ? answer.reply : undefined,
    defaultValue: { role: "member" },
    shouldValidate: "onSubmit",
  });
  const preview = answer && "preview" in answer ? answer.preview : null;
  const canChange = (role: Role) => team.role === "owner" || (team.role === "admin" && role !== "owner");
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/teams")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Teams
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight [overflow-wrap:anywhere]">{team.name}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        You are {ROLE_NAMES[team.role].toLowerCase()} here.
        {manages ? (
          <>
            {" "}
            <Link
              to={href("/teams/:id/audit", { id: team.id })}
              className="text-brand-700 underline dark:text-brand-200"
            >
              Audit log
            </Link>
          </>
        ) : null}
      </p>
      {manages ? (
        <p className="mt-2 text-sm">
          <Link
            to={href("/teams/:id/sign-in", { id: team.id })}
            className="font-medium text-brand-700 underline dark:text-brand-200"
          >
            Team sign-in
          </Link>{" "}
          (single sign-on and domains) ·{" "}
          <Link
            to={href("/teams/:id/cards", { id: team.id })}
            className="font-medium text-brand-700 underline dark:text-brand-200"
          >
            Cards on brand
          </Link>{" "}
          ·{" "}
          <Link
            to={href("/teams/:id/analytics", { id: team.id })}
            className="font-medium text-brand-700 underline dark:text-brand-200"
          >
            Card analytics
          </Link>
        </p>
      ) : null}
      <FormError id={form.errorId} errors={form.errors} className="mt-4" />

      <h2 className="mt-8 font-semibold text-xl">Members</h2>
      {invoice ? <NextInvoice invoice={invoice} /> : null}
      <ul aria-label="Members" className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <span className="min-w-0">
              <span className="font-medium [overflow-wrap:anywhere]">{m.name}</span>{" "}
              <span className="text-slate-600 text-sm [overflow-wrap:anywhere] dark:text-slate-300">{m.email}</span>{" "}
              <span className="text-sm">· {ROLE_NAMES[m.role]}</span>{" "}
              <span className="text-slate-600 text-sm dark:text-slate-300">
                · owns {people[m.id] === 1 ? "1 person" : `${people[m.id] ?? 0} people`}
              </span>
            </span>
            {manages && m.id !== me && canChange(m.role) ? (
              <span className="flex flex-wrap gap-2">
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="user" value={m.id} />
                  <label className="sr-only" htmlFor={`role-${m.id}`}>{`Role of ${m.name}`}</label>
                  <select id={`role-${m.id}`} name="role" defaultValue={m.role} className={small}>
                    {ROLES.filter((r) => team.role === "owner" || r !== "owner").map((r) => (
                      <option key={r} value={r}>
                        {ROLE_NAMES[r]}
                      </option>
                    ))}
                  </select>
                  <button type="submit" name="intent" value="role" className={small}>
                    Change role
                  </button>
                </Form>
                {team.role === "owner" && m.role !== "owner" ? (
                  <Form method="post">
                    <input type="hidden" name="user" value={m.id} />
                    <button type="submit" name="intent" value="transfer" className={small}>
                      Make owner, and step down to admin
                    </button>
                  </Form>
                ) : null}
                <Form method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="user" value={m.id} />
                  <label className="text-sm" htmlFor={`heir-${m.id}`}>
                    Their people and follow-ups go to
                  </label>
                  <select id={`heir-${m.id}`} name="heir" defaultValue={me === m.id ? "" : me} className={small}>
                    {admins
                      .filter((a) => a.id !== m.id)
                      .map((a) => (
                        <option key={a.id} value={a.id}>
                          {a.name}
                        </option>
                      ))}
                  </select>
                  <button type="submit" name="intent" value="remove" className={small} aria-label={`Remove ${m.name}`}>
                    Remove
                  </button>
                </Form>
              </span>
            ) : null}
          </li>
        ))}
      </ul>

      {manages ? (
        <>
          <h2 className="mt-8 font-semibold text-xl">Team people</h2>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
            Owners and admins see every team person. Members see the people they met or own, and those shared with the
            team{seeAll ? "; for now they see every team person." : "."} Notes a member writes are theirs alone unless
            they share them.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="members-see-all" />
            <input type="hidden" name="on" value={seeAll ? "off" : "on"} />
            <button type="submit" className={small}>
              {seeAll ? "Let members see only the people they met" : "Let members see all team people"}
            </button>
          </Form>
          <Form
            method="post"
            className="mt-3 flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800"
          >
            <input type="hidden" name="intent" value="reassign" />
            <p className="w-full font-medium">Move every person one member owns to another</p>
            <label className="flex flex-col gap-1">
              From
              <select name="from" className={small} defaultValue="">
                <option value="" disabled>
                  Choose a member
                </option>
                {members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {`${m.name} (${people[m.id] ?? 0})`}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1">
              To
              <select name="to" className={small} defaultValue="">
                <option value="" disabled>
                  Choose a member
                </option>
                {members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={small}>
              Reassign people
            </button>
          </Form>

          {booths.length ? (
            <>
              <h2 className="mt-8 font-semibold text-xl">Booths at events</h2>
              <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                Leads your staff scanned at each event, one list per booth, with every note and who wrote it.
              </p>
              <ul className="mt-3 grid gap-2 text-sm">
                {booths.map((b) => (
                  <li key={b.slug} className="flex flex-wrap gap-3">
                    <span className="font-medium">{b.title}</span>
                    <span>{`${b.leads} ${b.leads === 1 ? "lead" : "leads"}`}</span>
                    <a className="underline" href={href("/e/:slug/leads/:format", { slug: b.slug, format: "csv" })}>
                      CSV
                    </a>
                    <a className="underline" href={href("/e/:slug/leads/:format", { slug: b.slug, format: "xlsx" })}>
                      Excel
                    </a>
                    <Link className="underline" to={href("/e/:slug/lead-questions", { slug: b.slug })}>
                      Questions
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}

          <h2 className="mt-8 font-semibold text-xl">Invite a colleague</h2>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
            They get a link by email that works once, for a week, for an account with that address once it is confirmed.
          </p>
          <Form
            // A sent invitation adds a row below: the form starts empty again instead of offering to send it twice.
            key={invitations.map((i) => i.id).join()}
            method="post"
            {...getFormProps(form)}
            className="mt-3 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
          >
            <input type="hidden" name="intent" value="invite" />
            <div className="min-w-56 flex-1 text-sm">
              <Field id={fields.email.id} label="Email address" errors={fields.email.errors}>
                <input {...getInputProps(fields.email, { type: "email" })} className={inputClass} />
              </Field>
            </div>
            <div className="text-sm">
              <Field id={fields.role.id} label="Role" errors={fields.role.errors}>
                <select {...getSelectProps(fields.role)} className={inputClass}>
                  <InviteRoleOptions />
                </select>
              </Field>
            </div>
            <button type="submit" className={button}>
              Send invitation
            </button>
          </Form>
          <h3 className="mt-6 font-semibold">Invite many from a file</h3>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
            A .csv or .txt file with one address a line, or a column named “email”; up to {MAX_INVITE_ROWS} addresses.
            You see who will be invited before anything is sent.
          </p>
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(fileForm)}
            className="mt-3 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
          >
            <input type="hidden" name="intent" value="invite-file" />
            <div className="min-w-56 flex-1 text-sm">
              <Field id={fileFields.file.id} label="File of addresses" errors={fileFields.file.errors}>
                <input
                  {...getInputProps(fileFields.file, { type: "file" })}
                  accept=".csv,.txt,text/csv,text/plain"
                  className={inputClass}
                />
              </Field>
            </div>
            <div className="text-sm">
              <Field id={fileFields.role.id} label="Role for everyone" errors={fileFields.role.errors}>
                <select {...getSelectProps(fileFields.role)} className={inputClass}>
                  <InviteRoleOptions />
                </select>
              </Field>
            </div>
            <button type="submit" className={small}>
              Check the file
            </button>
          </Form>
          {preview ? <InvitePreview {...preview} /> : null}
          {invitations.length ? (
            <>
              <h3 className="mt-6 font-semibold">Waiting for an answer</h3>
              <ul aria-label="Invitations" className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
                {invitations.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <span className="[overflow-wrap:anywhere]">
                      {i.email} · {ROLE_NAMES[i.role]} · until {i.expiresAt.toISOString().slice(0, 10)}
                    </span>
                    <Form method="post">
                      <input type="hidden" name="invitation" value={i.id} />
                      <button type="submit" name="intent" value="cancel-invitation" className={small}>
                        Take back
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}

      <Form method="post" className="mt-10 border-slate-200 border-t pt-6 dark:border-slate-800">
        <button type="submit" name="intent" value="leave" className={small}>
          Leave {team.name}
        </button>
      </Form>
    </section>
  );
}

const VERDICT_NAMES: Record<CheckedRow["verdict"], string> = {
  invite: "to invite",
  invalid: "not valid",
  member: "in the team already",
  duplicate: "listed twice",
};

/** What a file of addresses will do, row by row, and the one button that sends its invitations. */
/** The roles an invitation may give (never owner), in the order the schema's default puts first. */
function InviteRoleOptions() {
  return (["member", "admin"] as const).map((r) => (
    <option key={r} value={r}>
      {ROLE_NAMES[r]}
    </option>
  ));
}

function InvitePreview({ rows, role, file }: { rows: CheckedRow[]; role: "admin" | "member"; file: string }) {
  const invited = rows.filter((r) => r.verdict === "invite");
  const counts = (Object.keys(VERDICT_NAMES) as CheckedRow["verdict"][])
    .map((v) => [v, rows.filter((r) => r.verdict === v).length] as const)
    .filter(([, n]) => n > 0);
  return (
    <section
      aria-labelledby="preview-heading"
      className="mt-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
    >
      <h4 id="preview-heading" className="font-semibold [overflow-wrap:anywhere]">
        {`${file}: ${counts.map(([v, n]) => `${n} ${VERDICT_NAMES[v]}`).join(", ")}`}
      </h4>
      <div className="mt-3 max-h-96 overflow-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-slate-200 border-b dark:border-slate-800">
              <th scope="col" className="py-2 pr-3 font-medium">
                Line
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Address
              </th>
              <th scope="col" className="py-2 font-medium">
                Result
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line} className="border-slate-100 border-b align-top dark:border-slate-800">
                <td className="py-2 pr-3 tabular-nums">{r.line}</td>
                <td className="py-2 pr-3 [overflow-wrap:anywhere]">{r.email}</td>
                <td
                  className={`py-2 [overflow-wrap:anywhere] ${r.verdict === "invite" ? "" : "text-red-800 dark:text-red-200"}`}
                >
                  {r.reason}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {invited.length ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="emails" value={invited.map((r) => r.email).join("\n")} />
          <input type="hidden" name="role" value={role} />
          <button type="submit" name="intent" value="invite-many" className={button}>
            {`${invited.length === 1 ? "Send 1 invitation" : `Send ${invited.length} invitations`} as ${ROLE_NAMES[role].toLowerCase()}`}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm">Nobody in this file can be invited.</p>
      )}
    </section>
  );
}

/** The seats as the processor bills them: what the next invoice is now, before it is charged (decision 0253). */
function NextInvoice({ invoice }: { invoice: NonNullable<Route.ComponentProps["loaderData"]["invoice"]> }) {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const when = invoice.at ? ` on ${formatPlanDate(new Date(invoice.at * 1000))}` : "";
  const seats = invoice.quantity === 1 ? "1 seat" : `${invoice.quantity} seats`;
  const prorated =
    invoice.prorations === 0
      ? ""
      : invoice.prorations > 0
        ? `, with ${money(invoice.prorations)} for members who joined during this period`
        : `, less ${money(-invoice.prorations)} for members who left during this period`;
  return (
    <p className="mt-2 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-900" data-testid="next-invoice">
      {`Card Pro is billed per member. Next invoice${when}: ${money(invoice.total)} for ${seats}${prorated}. `}
      Each member who joins adds a seat, and each who leaves takes one off, counted to the day on that invoice.
    </p>
  );
}
