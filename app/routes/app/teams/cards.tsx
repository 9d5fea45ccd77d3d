import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import { z } from "zod";
import { AskFirst, ConfirmStep } from "~/components/ui/confirm-step";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { BRAND_FIELDS, FIELD_RULES, RULE_NAMES, ruleOf, rulesOf, templateSchema, valuesOf } from "~/lib/card/brand";
import { isConfirmed } from "~/lib/forms/confirm";
import { IMAGE_ACCEPT } from "~/lib/platform/image-types";
import { pageMeta } from "~/lib/site";
import {
  defaultTemplateId,
  deleteTemplate,
  issueCard,
  listTemplates,
  type Manager,
  saveTemplate,
  setDefaultTemplate,
  setTemplateLogo,
  teamCards,
} from "~/server/cards/templates.server";
import { notFound, unknownIntent } from "~/server/platform/http.server";
import { allow } from "~/server/platform/rate-limit.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { teamPage } from "~/server/teams/teams.server";
import { managedTeamOr404 } from "./+shared/managed-team.server";
import type { Route } from "./+types/cards";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta(`Cards on brand · ${loaderData?.team.name ?? "Team"}`),
  { name: "robots", content: "noindex" },
];

/** The team as its owners and admins manage it; to a member, as to anyone else, the page does not exist. */
async function managedTeam(context: Route.LoaderArgs["context"], id: string) {
  const { user, team } = await managedTeamOr404(context, id);
  const manager: Manager = { id: user.id, workspace: { id: team.id, role: team.role, team: team.name } };
  return { team, manager };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { team } = await managedTeam(context, params.id);
  const [templates, cards, { members }, defaultId] = await Promise.all([
    listTemplates(db, team.id),
    teamCards(db, team.id),
    teamPage(db, team.id, new Date()),
    defaultTemplateId(db, team.id),
  ]);
  return {
    team,
    defaultId,
    templates: templates.map((t) => ({
      ...t,
      rules: Object.fromEntries(BRAND_FIELDS.map((f) => [f.key, ruleOf(t.rules, f.key)])),
    })),
    cards,
    members: members.map((m) => ({ id: m.id, name: m.name, email: m.email })),
  };
}

const issueSchema = z.object({
  intent: z.literal("issue"),
  member: z.string({ error: "Choose a member" }).min(1, "Choose a member").max(64),
  template: z.string().max(64).optional(),
  card: z.coerce.number().int().positive().optional(),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { team, manager } = await managedTeam(context, params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const here = href("/teams/:id/cards", { id: team.id });
  if (intent === "save-template") {
    const submission = parseWithZod(formData, { schema: templateSchema });
    if (submission.status !== "success")
      return data({ reply: submission.reply(), form: String(formData.get("id") || "new") }, { status: 400 });
    const v = submission.value;
    const saved = await saveTemplate(app.env, app.db, manager, {
      id: v.id || undefined,
      name: v.name,
      values: valuesOf(v),
      rules: rulesOf(v),
    });
    if (!saved)
      return data(
        {
          reply: submission.reply({ formErrors: ["Only the team's owners and admins change its templates."] }),
          form: v.id || "new",
        },
        { status: 403 },
      );
    return redirectWithToast(here, {
      type: "success",
      title: v.id ? "Template saved" : "Template made",
      description: v.id ? `Every card made from it follows (${saved.purged} published).` : undefined,
    });
  }
  if (intent === "template-logo" || intent === "remove-logo") {
    const id = String(formData.get("id") ?? "").slice(0, 64);
    const file = formData.get("logo");
    const refuse = (message: string, status: number) =>
      data({ reply: { error: { "": [message] } } as Reply, form: `logo-${id}` }, { status });
    if (intent === "template-logo" && (!(file instanceof File) || file.size === 0))
      return refuse("Choose a JPEG, PNG or WebP image", 400);
    const bytes = intent === "template-logo" && file instanceof File ? new Uint8Array(await file.arrayBuffer()) : null;
    const set = await setTemplateLogo(app.env, app.db, manager, id, bytes);
    if (!set) notFound();
    if ("error" in set) return refuse(set.error, 400);
    return redirectWithToast(here, {
      type: "success",
      title: set.key ? "Logo saved" : "Logo removed",
      description: `Every card made from the template follows (${set.purged} published).`,
    });
  }
  if (intent === "delete-template") {
    const id = String(formData.get("id") ?? "").slice(0, 64);
    // Asked once more on the page first: the cards stay, but lose the template's logo and its locks.
    if (!isConfirmed(formData)) return data({ reply: {} as Reply, form: `delete-${id}` });
    const deleted = await deleteTemplate(app.env, app.db, manager, id);
    if (!deleted) notFound();
    return redirectWithToast(here, {
      type: "success",
      title: "Template deleted",
      description: `Its cards keep their values (${deleted.purged} published).`,
    });
  }
  if (intent === "default-template") {
    const chosen = String(formData.get("template") ?? "").slice(0, 64);
    if (!(await setDefaultTemplate(app.db, manager, chosen || null)))
      return data(
        { reply: { error: { "": ["That template is not in this team any more."] } }, form: "default" },
        { status: 404 },
      );
    return redirectWithToast(here, {
      type: "success",
      title: chosen ? "Default template set" : "No default template",
      description: chosen ? "Members your directory adds get a card from it." : undefined,
    });
  }
  if (intent !== "issue") unknownIntent();
  const submission = parseWithZod(formData, { schema: issueSchema });
  if (submission.status !== "success") return data({ reply: submission.reply(), form: "issue" }, { status: 400 });
  if (!submission.value.card && !submission.value.template)
    return data(
      { reply: submission.reply({ fieldErrors: { template: ["Choose a template"] } }), form: "issue" },
      { status: 400 },
    );
  if (!(await allow(app.env, "forms", `card-issue:${manager.id}`)))
    return data(
      {
        reply: submission.reply({ formErrors: ["Too many cards issued in a minute: wait a minute, then again."] }),
        form: "issue",
      },
      { status: 429 },
    );
  const issued = await issueCard(
    app.db,
    manager,
    {
      memberId: submission.value.member,
      templateId: submission.value.template,
      cardId: submission.value.card,
      origin: new URL(request.url).origin,
    },
    new Date(),
  );
  if (!issued.ok)
    return data(
      {
        reply: submission.reply({
          formErrors: [
            issued.reason === "not-found"
              ? "That member or template is not in this team any more."
              : "Only the team's owners and admins issue cards.",
          ],
        }),
        form: "issue",
      },
      { status: issued.reason === "not-found" ? 404 : 403 },
    );
  return redirectWithToast(here, {
    type: "success",
    title: "Card issued",
    description: "We emailed the member a link to take it: it works once, for a week.",
  });
}

const button = "rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";
const small = "rounded-md border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900";

type Reply = { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };

function TemplateForm({
  template,
  answer,
}: {
  template: Route.ComponentProps["loaderData"]["templates"][number] | null;
  answer: { reply: Reply; form: string } | undefined;
}) {
  const key = template?.id ?? "new";
  const mine = answer?.form === key ? answer.reply : null;
  const typed = (name: string, stored: string | null | undefined) =>
    mine?.initialValue && name in mine.initialValue ? String(mine.initialValue[name] ?? "") : (stored ?? "");
  const errors = (name: string) => mine?.error?.[name] ?? undefined;
  const id = (name: string) => `${key}-${name}`;
  return (
    <Form method="post" className="mt-4 grid gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <input type="hidden" name="intent" value="save-template" />
      {template ? <input type="hidden" name="id" value={template.id} /> : null}
      {mine?.error?.[""]?.length ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900 text-sm dark:bg-red-950 dark:text-red-100">
          {mine.error[""][0]}
        </p>
      ) : null}
      <Field id={id("name")} label="Template name" errors={errors("name")}>
        <input
          id={id("name")}
          name="name"
          defaultValue={typed("name", template?.name)}
          className={inputClass}
          aria-invalid={errors("name") ? true : undefined}
        />
      </Field>
      {BRAND_FIELDS.map((f) => (
        <div key={f.key} className="grid gap-2 sm:grid-cols-[2fr_1fr] sm:items-end">
          <Field id={id(f.key)} label={f.label} errors={errors(f.key)}>
            <input
              id={id(f.key)}
              name={f.key}
              type={f.key === "colour" ? "color" : f.key === "website" ? "url" : "text"}
              defaultValue={typed(f.key, template?.[f.key] ?? (f.key === "colour" ? "#4f46e5" : ""))}
              className={f.key === "colour" ? "h-10 w-20" : inputClass}
              aria-invalid={errors(f.key) ? true : undefined}
            />
          </Field>
          <div>
            <label htmlFor={id(`rule_${f.key}`)} className="sr-only">{`${f.label}: rule`}</label>
            <select
              id={id(`rule_${f.key}`)}
              name={`rule_${f.key}`}
              defaultValue={typed(`rule_${f.key}`, template?.rules[f.key] ?? "editable")}
              className={small}
            >
              {FIELD_RULES.map((r) => (
                <option key={r} value={r} title={RULE_NAMES[r]}>
                  {r === "locked" ? "Locked" : r === "editable" ? "Editable" : "Required"}
                </option>
              ))}
            </select>
          </div>
        </div>
      ))}
      <p>
        <button type="submit" className={button}>
          {template ? "Save template and update its cards" : "Make template"}
        </button>
      </p>
    </Form>
  );
}

export default function TeamCards({ loaderData, actionData }: Route.ComponentProps) {
  const { team, templates, cards, members, defaultId } = loaderData;
  const answer = actionData as { reply: Reply; form: string } | undefined;
  const issueErrors = answer?.form === "issue" ? answer.reply.error : null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/teams/:id", { id: team.id })} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← {team.name}
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Cards on brand</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        A template holds the brand: each field locked (members cannot change it), editable, or required. Saving a
        template updates every card made from it at once.
      </p>

      <h2 className="mt-8 font-semibold text-xl">Templates</h2>
      {templates.map((t) => (
        <div key={t.id}>
          <TemplateForm template={t} answer={answer} />
          <LogoForm template={t} answer={answer} />
        </div>
      ))}
      <details className="mt-4" open={templates.length === 0 || answer?.form === "new"}>
        <summary className="cursor-pointer font-medium">New template</summary>
        <TemplateForm template={null} answer={answer} />
      </details>

      {templates.length > 0 ? (
        <Form method="post" className="mt-6 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="default-template" />
          <Field
            id="default-template"
            label="Default template: members your directory (SCIM) adds get a card from it"
            errors={answer?.form === "default" ? (answer.reply.error?.[""] ?? undefined) : undefined}
          >
            <select id="default-template" name="template" defaultValue={defaultId ?? ""} className={small}>
              <option value="">None</option>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className={small}>
            Save default
          </button>
        </Form>
      ) : null}

      <h2 className="mt-10 font-semibold text-xl">Issue a card</h2>
      {issueErrors?.[""]?.length ? (
        <p
          role="alert"
          className="mt-2 rounded-md bg-red-50 p-3 text-red-900 text-sm dark:bg-red-950 dark:text-red-100"
        >
          {issueErrors[""][0]}
        </p>
      ) : null}
      {templates.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">Make a template first.</p>
      ) : (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="issue" />
          <Field id="issue-template" label="Template" errors={issueErrors?.template ?? undefined}>
            <select id="issue-template" name="template" className={small}>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="issue-member" label="To" errors={issueErrors?.member ?? undefined}>
            <select id="issue-member" name="member" className={small}>
              {members.map((m) => (
                <option key={m.id} value={m.id}>{`${m.name} <${m.email}>`}</option>
              ))}
            </select>
          </Field>
          <button type="submit" className={button}>
            Issue card
          </button>
        </Form>
      )}

      <h2 className="mt-10 font-semibold text-xl">The team's cards</h2>
      {cards.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">No cards yet.</p>
      ) : (
        <ul aria-label="Team cards" className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {cards.map((c) => (
            <li key={c.id} className="py-3">
              <p className="font-medium [overflow-wrap:anywhere]">
                {c.label} · {c.name}
                {c.template ? <span className="font-normal text-sm"> · template {c.template}</span> : null}
              </p>
              <p className="text-sm [overflow-wrap:anywhere]">
                {c.holderName
                  ? `Held by ${c.holderName} <${c.holderEmail}>`
                  : c.issuedTo
                    ? `Issued to ${c.issuedTo}, not taken yet`
                    : "Held by nobody: the team's own card"}
                {" · "}
                {c.pausedAt
                  ? "Paused: its holder left the team"
                  : c.published && c.slug
                    ? `Published at /c/${c.slug}`
                    : "Draft, not published"}
                {c.issuedTo && c.holderName ? ` · Handed to ${c.issuedTo}, not taken yet` : ""}
              </p>
              {c.pausedAt || !c.holderId ? (
                <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
                  <input type="hidden" name="intent" value="issue" />
                  <input type="hidden" name="card" value={c.id} />
                  <label htmlFor={`reissue-${c.id}`} className="text-sm">
                    Hand to
                  </label>
                  <select id={`reissue-${c.id}`} name="member" className={small}>
                    {members.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.name}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className={small}>
                    Send link
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A template's logo: shown on every card made from it and in their vCards (decision 0254). */
function LogoForm({
  template,
  answer,
}: {
  template: Route.ComponentProps["loaderData"]["templates"][number];
  answer: { reply: Reply; form: string } | undefined;
}) {
  const error = answer?.form === `logo-${template.id}` ? answer.reply.error?.[""]?.[0] : undefined;
  const id = `logo-${template.id}`;
  return (
    <div className="mt-2 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      {template.logoKey ? (
        <img src={`/avatars/${template.logoKey}`} alt={`Logo of ${template.name}`} className="h-10 w-auto" />
      ) : null}
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="id" value={template.id} />
        <Field
          id={id}
          label={template.logoKey ? "Replace the logo" : "Logo (JPEG, PNG or WebP)"}
          errors={error ? [error] : undefined}
        >
          <input id={id} name="logo" type="file" accept={IMAGE_ACCEPT} className="text-sm" />
        </Field>
        <button type="submit" name="intent" value="template-logo" className={small}>
          Save logo
        </button>
      </Form>
      {template.logoKey ? (
        <Form method="post">
          <input type="hidden" name="id" value={template.id} />
          <button type="submit" name="intent" value="remove-logo" className={small}>
            Remove logo
          </button>
        </Form>
      ) : null}
      {answer?.form === `delete-${template.id}` ? (
        <ConfirmStep
          intent="delete-template"
          question={`Delete the template ${template.name}?`}
          consequence="Its cards keep their values but lose its logo and locks, and new cards cannot be made from it. This cannot be undone."
          confirmLabel="Delete the template"
          fields={{ id: template.id }}
        />
      ) : (
        <AskFirst intent="delete-template" fields={{ id: template.id }} label="Delete template" className={small} />
      )}
    </div>
  );
}
