import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import { z } from "zod";
import { ConfirmStep } from "~/components/ui/confirm-step";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { isConfirmed } from "~/lib/forms/confirm";
import { pageMeta } from "~/lib/site";
import { sessionToken } from "~/server/account/auth.server";
import {
  addDomain,
  domainField,
  endSessionsOutsideSso,
  providerSchema,
  removeDomain,
  removeProvider,
  saveProvider,
  teamDomains,
  teamProvider,
  txtName,
  txtValue,
  verifyDomain,
} from "~/server/account/sso.server";
import { getUser } from "~/server/account/user.server";
import { txtResolver } from "~/server/platform/dns.server";
import { notFound } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { requiresSecondFactor, setSecondFactorRule } from "~/server/teams/policy.server";
import { createScimToken, revokeScimToken, scimTokens } from "~/server/teams/scim.server";
import { teamOf } from "~/server/teams/teams.server";
import type { Route } from "./+types/sign-in";

export const meta = () => [...pageMeta("Team sign-in"), { name: "robots", content: "noindex" }];

const domainId = z.string({ error: "Choose a domain" }).uuid("Choose a domain");
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-domain"), domain: domainField }),
  z.object({ intent: z.literal("verify-domain"), id: domainId }),
  z.object({ intent: z.literal("remove-domain"), id: domainId }),
  providerSchema.extend({ intent: z.literal("save-provider") }),
  z.object({ intent: z.literal("remove-provider") }),
  z.object({ intent: z.literal("create-scim-token") }),
  z.object({ intent: z.literal("second-factor"), required: z.literal("on").optional() }),
  z.object({ intent: z.literal("revoke-scim-token"), id: z.string({ error: "Choose a token" }).max(100) }),
]);

/** The team, for its owners and admins only: anyone else gets the one 404 a stranger gets. */
async function managedTeam(db: Parameters<typeof teamOf>[0], userId: string, id: string) {
  const team = await teamOf(db, userId, id);
  if (!team || (team.role !== "owner" && team.role !== "admin")) notFound();
  return team;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const user = getUser(context);
  const team = await managedTeam(db, user.id, params.id);
  const [domains, provider, tokens, secondFactor] = await Promise.all([
    teamDomains(db, team.id),
    teamProvider(db, team.id),
    scimTokens(db, team.id),
    requiresSecondFactor(db, team.id),
  ]);
  return {
    secondFactor,
    tokens,
    team: { id: team.id, name: team.name },
    domains: domains.map((d) => ({
      id: d.id,
      domain: d.domain,
      verified: d.verifiedAt !== null,
      record: txtName(d.domain),
      value: txtValue(d.token),
    })),
    provider,
  };
}

const DOMAIN_REFUSED = {
  taken: "Another team already confirmed that domain.",
  exists: "That domain is already on the list.",
  "not-found": "That domain is no longer on the list.",
  "no-record": "We did not find the TXT record yet. DNS changes can take a while; try again later.",
  dns: "We could not look the record up just now. Please try again.",
} as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const team = await managedTeam(app.db, user.id, params.id);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success")
    return data({ reply: submission.reply({ hideFields: ["clientSecret"] }) }, { status: 400 });
  const { value } = submission;
  const back = href("/teams/:id/sign-in", { id: team.id });
  const actor = { userId: user.id, workspaceId: team.id, role: team.role };
  if (value.intent === "second-factor") {
    if (!(await setSecondFactorRule(app.db, actor, value.required === "on"))) notFound();
    return redirectWithToast(back, {
      type: "success",
      title: value.required ? "Members now need a passkey or two-step sign-in" : "A password is enough again",
    });
  }
  if (value.intent === "create-scim-token") {
    // Shown once, on this answer only: only its SHA-256 is kept.
    return { reply: submission.reply({ resetForm: true }), scimToken: await createScimToken(app.db, actor) };
  }
  if (value.intent === "revoke-scim-token") {
    // A directory stops at once: asked once, on the page, before it runs (works without JavaScript).
    if (!isConfirmed(formData)) return { reply: submission.reply(), confirmRevoke: value.id };
    if (!(await revokeScimToken(app.db, actor, value.id)))
      return data({ reply: submission.reply({ formErrors: ["That token is already revoked."] }) }, { status: 404 });
    return redirectWithToast(back, { type: "success", title: "SCIM token revoked" });
  }
  const refuse = (reason: keyof typeof DOMAIN_REFUSED, status = 409) =>
    data({ reply: submission.reply({ formErrors: [DOMAIN_REFUSED[reason]] }) }, { status });

  if (value.intent === "add-domain") {
    const added = await addDomain(app.db, team.id, value.domain, user);
    if (!added.ok) return refuse(added.reason);
    return redirectWithToast(back, {
      type: "success",
      title: added.verified ? `${value.domain} is confirmed` : `Add the TXT record to confirm ${value.domain}`,
    });
  }
  if (value.intent === "verify-domain") {
    const checked = await verifyDomain(app.db, txtResolver(app.env), team.id, value.id);
    if (!checked.ok) return refuse(checked.reason, checked.reason === "dns" ? 503 : 409);
    return redirectWithToast(back, { type: "success", title: "Domain confirmed" });
  }
  if (value.intent === "remove-domain") {
    if (!(await removeDomain(app.db, team.id, value.id))) return refuse("not-found", 404);
    return redirectWithToast(back, { type: "success", title: "Domain removed" });
  }
  if (value.intent === "save-provider") {
    if (!(await saveProvider(app.db, app.env.AUTH_SECRET, team.id, value)))
      return data(
        {
          reply: submission.reply({
            fieldErrors: { clientSecret: ["Enter the client secret"] },
            hideFields: ["clientSecret"],
          }),
        },
        { status: 400 },
      );
    // SSO only: the addresses' other sessions end now, not at their next sign-in (decision 0242).
    if (value.enforced) await endSessionsOutsideSso(app.db, team.id, await sessionToken(app, request));
    return redirectWithToast(back, { type: "success", title: "Single sign-on saved" });
  }
  await removeProvider(app.db, team.id);
  return redirectWithToast(back, { type: "success", title: "Single sign-on turned off" });
}

const box = "mt-8 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800";
const primary = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const secondary =
  "rounded-md border border-slate-300 px-3 py-2 font-semibold text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

export default function TeamSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { team, domains, provider, tokens, secondFactor } = loaderData;
  const reply = actionData?.reply;
  const newToken = actionData && "scimToken" in actionData ? actionData.scimToken : null;
  const confirmRevoke = actionData && "confirmRevoke" in actionData ? actionData.confirmRevoke : null;
  const errors = reply?.error ?? {};
  const formError = errors[""]?.[0];
  const fieldError = (name: string) => errors[name] ?? undefined;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <p className="text-sm">
        <Link
          to={href("/teams/:id", { id: team.id })}
          className="font-medium text-brand-700 underline dark:text-brand-200"
        >
          {team.name}
        </Link>
      </p>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Team sign-in</h1>
      <p className="mt-2 text-slate-700 text-sm dark:text-slate-300">
        Members whose address is on one of the team's confirmed domains sign in through your organisation's identity
        provider (Microsoft Entra ID, Google Workspace, Okta, or any OpenID Connect provider).
      </p>
      {formError ? (
        <p
          role="alert"
          className="mt-4 rounded-md bg-red-50 p-3 text-red-900 text-sm dark:bg-red-950 dark:text-red-100"
        >
          {formError}
        </p>
      ) : null}

      <section className={box} aria-labelledby="domains-title">
        <h2 id="domains-title" className="font-semibold text-lg">
          Domains
        </h2>
        <ul aria-label="Team domains" className="divide-y divide-slate-200 dark:divide-slate-800">
          {domains.map((d) => (
            <li key={d.id} className="space-y-2 py-3 text-sm">
              <p>
                <span className="font-medium">{d.domain}</span> ·{" "}
                {d.verified ? "Confirmed" : "Waiting for its TXT record"}
              </p>
              {d.verified ? null : (
                <p className="text-slate-700 dark:text-slate-300">
                  Add a TXT record named <code className="break-all font-mono">{d.record}</code> with the value{" "}
                  <code className="select-all break-all font-mono">{d.value}</code>, then check it.
                </p>
              )}
              <div className="flex gap-2">
                {d.verified ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="verify-domain" />
                    <input type="hidden" name="id" value={d.id} />
                    <button type="submit" className={secondary}>
                      Check the record for {d.domain}
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-domain" />
                  <input type="hidden" name="id" value={d.id} />
                  <button type="submit" className={secondary} aria-label={`Remove ${d.domain}`}>
                    Remove
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="add-domain" />
          <Field
            id="domain"
            label="Domain"
            errors={fieldError("domain")}
            hint="Your own confirmed address on it confirms it at once; otherwise a DNS TXT record does."
          >
            <input id="domain" name="domain" placeholder="example.com" className={inputClass} />
          </Field>
          <button type="submit" className={primary}>
            Add the domain
          </button>
        </Form>
      </section>

      <section className={box} aria-labelledby="provider-title">
        <h2 id="provider-title" className="font-semibold text-lg">
          Identity provider (OpenID Connect)
        </h2>
        <p className="text-slate-700 text-sm dark:text-slate-300">
          Register KnowWho at your provider as a web application with the redirect URI{" "}
          <code className="break-all font-mono">/auth/sso/callback</code> on this site, then enter what it gives you.
        </p>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="save-provider" />
          <Field
            id="issuer"
            label="Issuer URL"
            errors={fieldError("issuer")}
            hint="Its discovery document is at /.well-known/openid-configuration under it."
          >
            <input id="issuer" name="issuer" defaultValue={provider?.issuer ?? ""} className={inputClass} />
          </Field>
          <Field id="clientId" label="Client ID" errors={fieldError("clientId")}>
            <input id="clientId" name="clientId" defaultValue={provider?.clientId ?? ""} className={inputClass} />
          </Field>
          <Field
            id="clientSecret"
            label="Client secret"
            errors={fieldError("clientSecret")}
            hint={provider ? "Leave empty to keep the saved one." : undefined}
          >
            <input id="clientSecret" name="clientSecret" type="password" autoComplete="off" className={inputClass} />
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="enforced"
              value="on"
              defaultChecked={provider?.enforced ?? false}
              className="size-4"
            />
            Addresses on the team's domains sign in through the provider only (no password, no passkey)
          </label>
          <div className="flex gap-2">
            <button type="submit" className={primary}>
              Save single sign-on
            </button>
          </div>
        </Form>
        {provider ? (
          <Form method="post">
            <input type="hidden" name="intent" value="remove-provider" />
            <button type="submit" className={secondary}>
              Turn off single sign-on
            </button>
          </Form>
        ) : null}
      </section>

      <section className={box} aria-labelledby="second-factor-title">
        <h2 id="second-factor-title" className="font-semibold text-lg">
          Passkey or two-step sign-in
        </h2>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="second-factor" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="required" value="on" defaultChecked={secondFactor} className="size-4" />
            Members need a passkey or two-step sign-in: whoever has neither is asked to set one up before reaching the
            team's pages
          </label>
          <button type="submit" className={secondary}>
            Save
          </button>
        </Form>
      </section>

      <section className={box} aria-labelledby="scim-title">
        <h2 id="scim-title" className="font-semibold text-lg">
          Provisioning (SCIM 2.0)
        </h2>
        <p className="text-slate-700 text-sm dark:text-slate-300">
          Your directory (Microsoft Entra ID, Okta) adds and removes members by itself. Give it the tenant URL{" "}
          <code className="select-all break-all font-mono">/scim/v2/{team.id}</code> on this site and a token made here.
          Users must have addresses on the team's confirmed domains.
        </p>
        {newToken ? (
          <p
            role="status"
            className="rounded-md bg-green-50 p-3 text-green-900 text-sm dark:bg-green-950 dark:text-green-100"
          >
            Your new token, shown this once: <code className="select-all break-all font-mono">{newToken}</code>
          </p>
        ) : null}
        {confirmRevoke ? (
          <ConfirmStep
            intent="revoke-scim-token"
            question={`Revoke the token ${loaderData.tokens.find((t) => t.id === confirmRevoke)?.prefix ?? ""}…?`}
            consequence="Your directory's next request with it is refused, and it cannot be turned on again: make a new token for it."
            confirmLabel="Revoke the token"
          >
            <input type="hidden" name="id" value={confirmRevoke} />
          </ConfirmStep>
        ) : null}
        <ul aria-label="SCIM tokens" className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {tokens.map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-2 py-2">
              <span>
                <code className="font-mono">{t.prefix}…</code> by {t.maker} ·{" "}
                {t.lastUsedAt ? `last used ${t.lastUsedAt.toISOString().slice(0, 10)}` : "never used"}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-scim-token" />
                <input type="hidden" name="id" value={t.id} />
                <button type="submit" className={secondary} aria-label={`Revoke the token ${t.prefix}`}>
                  Revoke
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post">
          <input type="hidden" name="intent" value="create-scim-token" />
          <button type="submit" className={primary}>
            Make a SCIM token
          </button>
        </Form>
      </section>
    </section>
  );
}
