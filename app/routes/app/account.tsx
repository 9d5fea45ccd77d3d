import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { APIError } from "better-auth/api";
import { useEffect } from "react";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import type { z } from "zod";
import { NewPasswordFields } from "~/components/new-password-fields";
import { Field, FormError, formErrorClass, inputClass, SentNote } from "~/components/ui/field";
import { appContext } from "~/context";
import { countryName, deviceName } from "~/lib/account/devices";
import { accountSchema } from "~/lib/account/forms";
import { LOCALE_NAME, LOCALES } from "~/lib/i18n/locales";
import { carryCookies } from "~/lib/platform/carry-cookies";
import { pageMeta } from "~/lib/site";
import { secondFactorRequired } from "~/lib/teams/rules";
import { readAccountLocale, saveAccountLocale } from "~/server/account/account-language.server";
import { accountMail } from "~/server/account/account-mail.server";
import { asAuthResponse, createAuth, sessionToken, TOO_MANY_AUTH_ATTEMPTS } from "~/server/account/auth.server";
import { sendConfirmationLink } from "~/server/account/confirm-first.server";
import { listPasskeys, removePasskey, renamePasskey } from "~/server/account/passkeys.server";
import { setupShown, twoFactorOn } from "~/server/account/two-factor.server";
import { getUser } from "~/server/account/user.server";
import { allow } from "~/server/platform/rate-limit.server";
import { setToastHeader } from "~/server/platform/toast.server";
import type { Route } from "./+types/account";

export const meta = () => [...pageMeta("Account"), { name: "robots", content: "noindex" }];

type Intent =
  | "change-email"
  | "change-password"
  | "sign-out-others"
  | "sign-out-device"
  | "verify-email"
  | "set-language"
  | "2fa-enable"
  | "2fa-confirm"
  | "2fa-disable"
  | "passkey-rename"
  | "passkey-remove";
type Setup = NonNullable<Awaited<ReturnType<typeof setupShown>>>;
type Reply = { intent: Intent; result: SubmissionResult<string[]>; emailSentTo?: string; setup?: Setup };

const LINK_PROBLEM = "That confirmation link has expired, was already used, or belongs to another account.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const [sessions, current] = await Promise.all([
    createAuth(app, request).api.listSessions({ headers: request.headers }),
    sessionToken(app, request),
  ]);
  // Newest use first; the token stays on the server (the form names a device by its session id).
  const devices = sessions
    .map((s) => ({
      id: s.id,
      name: deviceName(s.userAgent),
      country: countryName((s as { country?: string | null }).country),
      lastSeen: new Date(s.updatedAt).toISOString(),
      current: s.token === current,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeen.localeCompare(a.lastSeen));
  const url = new URL(request.url);
  // better-auth sends the browser back here after the new address's link is opened, with ?error= when it was refused.
  const emailChange = url.searchParams.has("error")
    ? "refused"
    : url.searchParams.get("email") === "verified"
      ? "verified"
      : url.searchParams.has("email")
        ? "done"
        : null;
  return {
    user,
    otherSessions: Math.max(0, sessions.length - 1),
    devices,
    emailChange,
    twoFactor: await twoFactorOn(app.db, user.id),
    locale: await readAccountLocale(app.db, user.id),
    passkeys: (await listPasskeys(app.db, user.id)).map((p) => ({
      id: p.id,
      name: p.name,
      created: p.createdAt.toISOString(),
      lastUsed: p.lastUsedAt?.toISOString() ?? null,
    })),
    // Just signed up and asked for a passkey (the section offers the way on), or just added one.
    passkeyNote:
      url.searchParams.get("passkey") === "new" ? "new" : url.searchParams.get("passkey") === "added" ? "added" : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const submission = parseWithZod(await request.formData(), { schema: accountSchema });
  const intent = (submission.payload.intent as Intent | undefined) ?? "change-password";
  const hideFields = ["currentPassword", "password", "confirm"];
  const reply = (result: SubmissionResult<string[]>, status: number, extra: Partial<Reply> = {}) =>
    data<Reply>({ intent, result, ...extra }, { status });
  if (submission.status !== "success") {
    // A malformed code keeps the setup on screen: the key and recovery codes are not shown anywhere else.
    const p = submission.payload;
    const setup =
      intent === "2fa-confirm" ? await setupShown(String(p.uri ?? ""), String(p.backupCodes ?? "").split(/\s+/)) : null;
    return reply(submission.reply({ hideFields }), 400, setup ? { setup } : {});
  }
  const { value } = submission;
  if (!(await allow(app.env, "strict", `account:${user.id}`))) {
    return reply(
      submission.reply({ formErrors: ["Too many attempts. Please wait a minute and try again."], hideFields }),
      429,
    );
  }
  // An auth call refused for a reason other than the password: its rate limit, or a fault on our side.
  const authRefused = (status: number) =>
    status === 429
      ? reply(submission.reply({ formErrors: [TOO_MANY_AUTH_ATTEMPTS], hideFields }), 429)
      : reply(submission.reply({ formErrors: ["We couldn't do that just now. Please try again."], hideFields }), 503);
  const auth = createAuth(app, request);
  const toast = async (title: string, description?: string) => ({
    "Set-Cookie": await setToastHeader({ type: "success", title, description }),
  });

  try {
    return await change(value);
  } catch (error) {
    // The shared auth rate limit (createAuth's hook) refuses with 429: say so on the form.
    if (!(error instanceof APIError && error.statusCode === 429)) throw error;
    return authRefused(429);
  }

  async function change(value: z.output<typeof accountSchema>) {
    const wrongPassword = () =>
      reply(
        submission.reply({ fieldErrors: { currentPassword: ["That is not your current password"] }, hideFields }),
        400,
      );

    if (value.intent === "set-language") {
      await saveAccountLocale(app.db, user.id, value.locale);
      return redirect(href("/settings/account"), {
        headers: await toast("Language saved", `We write your emails in ${LOCALE_NAME[value.locale]}.`),
      });
    }
    if (value.intent === "verify-email") {
      if ((await sendConfirmationLink(app, request, user)) === "limited")
        return reply(submission.reply({ formErrors: [TOO_MANY_AUTH_ATTEMPTS], hideFields }), 429);
      return reply(submission.reply(), 200, { emailSentTo: user.email });
    }
    if (value.intent === "2fa-enable") {
      const enabled = await auth.api
        .enableTwoFactor({ body: { password: value.currentPassword }, headers: request.headers })
        .catch((error) => {
          if (error instanceof APIError && error.statusCode === 400) return null;
          throw error;
        });
      const setup = enabled?.method === "totp" ? await setupShown(enabled.totpURI, enabled.backupCodes) : null;
      if (!setup) return wrongPassword();
      return reply(submission.reply({ resetForm: true }), 200, { setup });
    }
    if (value.intent === "2fa-confirm") {
      const response = await asAuthResponse(() =>
        auth.api.verifyTOTP({ body: { code: value.code }, headers: request.headers, asResponse: true }),
      );
      if (!response.ok) {
        const setup = await setupShown(value.uri ?? "", (value.backupCodes ?? "").split(/\s+/));
        const message =
          response.status === 429
            ? TOO_MANY_AUTH_ATTEMPTS
            : "That code is not right. Enter the code your authenticator app shows now.";
        return reply(
          submission.reply({ fieldErrors: { code: [message] } }),
          response.status === 429 ? 429 : 400,
          setup ? { setup } : {},
        );
      }
      // Turning it on gives this device a new session cookie.
      const headers = carryCookies(
        response,
        new Headers(await toast("Two-step sign-in is on", "Sign-in now asks for a code from your app.")),
      );
      return redirect(href("/settings/account"), { headers });
    }
    if (value.intent === "2fa-disable") {
      const response = await asAuthResponse(() =>
        auth.api.disableTwoFactor({
          body: { password: value.currentPassword },
          headers: request.headers,
          asResponse: true,
        }),
      );
      if (response.status === 400) return wrongPassword();
      if (!response.ok) return authRefused(response.status);
      const headers = carryCookies(response, new Headers(await toast("Two-step sign-in is off")));
      return redirect(href("/settings/account"), { headers });
    }
    if (value.intent === "sign-out-device") {
      // Only a session of this account, and not this one (Sign out is for that).
      const own = await auth.api.listSessions({ headers: request.headers });
      const current = await sessionToken(app, request);
      const target = own.find((s) => s.id === value.id && s.token !== current);
      if (!target) return reply(submission.reply({ formErrors: ["That device is already signed out."] }), 404);
      await auth.api.revokeSession({ body: { token: target.token }, headers: request.headers });
      return redirect(href("/settings/account"), { headers: await toast("Signed out of that device") });
    }
    if (value.intent === "passkey-rename") {
      if (!(await renamePasskey(app.db, user.id, value.id, value.name)))
        return reply(submission.reply({ formErrors: ["That passkey is already removed."] }), 404);
      return redirect(href("/settings/account"), { headers: await toast("Passkey renamed") });
    }
    if (value.intent === "passkey-remove") {
      const current = await sessionToken(app, request);
      if (!(await removePasskey(app.db, user.id, value.id, current)))
        return reply(submission.reply({ formErrors: ["That passkey is already removed."] }), 404);
      return redirect(href("/settings/account"), {
        headers: await toast("Passkey removed", "Devices signed in with it are signed out."),
      });
    }
    if (value.intent === "sign-out-others") {
      await auth.api.revokeOtherSessions({ headers: request.headers });
      return redirect(href("/settings/account"), { headers: await toast("Signed out of your other devices") });
    }

    if (value.intent === "change-password") {
      const response = await auth.api.changePassword({
        body: {
          currentPassword: value.currentPassword,
          newPassword: value.password,
          revokeOtherSessions: value.signOutOthers === "on",
        },
        headers: request.headers,
        asResponse: true,
      });
      if (response.status === 400) return wrongPassword();
      if (!response.ok) return authRefused(response.status);
      // Signing the others out gives this device a new session cookie.
      const headers = carryCookies(
        response,
        new Headers(
          await toast("Password changed", value.signOutOthers ? "Your other devices were signed out." : undefined),
        ),
      );
      return redirect(href("/settings/account"), { headers });
    }

    const newEmail = value.email.toLowerCase();
    if (newEmail === user.email.toLowerCase()) {
      return reply(
        submission.reply({ fieldErrors: { email: ["That is already your email address"] }, hideFields }),
        400,
      );
    }
    const checked = await auth.api
      .verifyPassword({ body: { password: value.currentPassword }, headers: request.headers })
      .catch((error) => {
        if (error instanceof APIError && error.statusCode === 429) throw error;
        return null;
      });
    if (!checked?.status) return wrongPassword();
    // The answer is the same whether or not the address is taken: this form must not tell who is a user.
    await auth.api.changeEmail({
      body: { newEmail, callbackURL: `${href("/settings/account")}?email=changed` },
      headers: request.headers,
    });
    await accountMail(app.db).noticeEmailChange(
      { ...user, locale: await readAccountLocale(app.db, user.id) },
      newEmail,
    );
    return reply(submission.reply({ resetForm: true }), 200, { emailSentTo: newEmail });
  }
}

const box = "mt-8 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800";
const primary = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";

function useAccountForm(intent: Intent, actionData: Reply | undefined) {
  const navigation = useNavigation();
  return useForm({
    id: intent,
    lastResult: navigation.state === "idle" && actionData?.intent === intent ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, otherSessions, devices, emailChange, twoFactor, passkeys, passkeyNote, locale } = loaderData;
  // /passkey.js binds the passkey form once React owns the page: loaded here, or asked again after a navigation.
  useEffect(() => {
    const loaded = (window as { knowwhoPasskeys?: { scan: () => void } }).knowwhoPasskeys;
    if (loaded) return loaded.scan();
    const script = document.createElement("script");
    script.src = "/passkey.js";
    document.body.appendChild(script);
  }, []);
  const navigation = useNavigation();
  const busy = (intent: Intent) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [emailForm, emailFields] = useAccountForm("change-email", actionData);
  const [passwordForm, passwordFields] = useAccountForm("change-password", actionData);
  const [othersForm] = useAccountForm("sign-out-others", actionData);
  const [enableForm, enableFields] = useAccountForm("2fa-enable", actionData);
  const [confirmForm, confirmFields] = useAccountForm("2fa-confirm", actionData);
  const [disableForm, disableFields] = useAccountForm("2fa-disable", actionData);
  const setup = actionData?.setup;
  const currentPassword = (
    fields: typeof emailFields | typeof passwordFields | typeof enableFields | typeof disableFields,
    autoComplete = "current-password",
  ) => (
    <Field id={fields.currentPassword.id} label="Current password" errors={fields.currentPassword.errors}>
      <input
        {...getInputProps(fields.currentPassword, { type: "password" })}
        autoComplete={autoComplete}
        className={inputClass}
      />
    </Field>
  );

  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <p className="text-sm">
        <Link to={href("/settings")} className="font-medium text-brand-700 underline dark:text-brand-200">
          Settings
        </Link>
      </p>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Account</h1>
      {user.workspace.secondFactorDue ? (
        <p
          role="alert"
          className="mt-4 rounded-md bg-amber-50 p-3 text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-100"
        >
          {secondFactorRequired(user.workspace.team ?? "Your team")}
        </p>
      ) : null}
      {emailChange ? (
        <p
          role="status"
          className={`mt-4 rounded-md p-3 text-sm ${emailChange !== "refused" ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100"}`}
        >
          {emailChange === "done"
            ? `Your email address is now ${user.email}.`
            : emailChange === "verified"
              ? `${user.email} is confirmed.`
              : LINK_PROBLEM}
        </p>
      ) : null}

      {user.emailVerified ? null : (
        <Form method="post" className={box} aria-labelledby="confirm-title">
          <h2 id="confirm-title" className="font-semibold text-lg">
            Confirm your email address
          </h2>
          <p className="text-slate-700 text-sm dark:text-slate-300">
            <strong className="[overflow-wrap:anywhere]">{user.email}</strong> is not confirmed yet. We send a link to
            it; opening the link confirms that the address is yours.
          </p>
          {actionData?.emailSentTo && actionData.intent === "verify-email" ? (
            <SentNote>Check {actionData.emailSentTo} for a link to confirm it. It works for one hour.</SentNote>
          ) : null}
          <input type="hidden" name="intent" value="verify-email" />
          <button type="submit" className={primary} disabled={busy("verify-email")}>
            Send a confirmation link
          </button>
        </Form>
      )}

      <Form method="post" className={box} aria-labelledby="email-title" {...getFormProps(emailForm)}>
        <h2 id="email-title" className="font-semibold text-lg">
          Email address
        </h2>
        <p className="text-slate-700 text-sm dark:text-slate-300">
          You sign in with <strong className="[overflow-wrap:anywhere]">{user.email}</strong>. We send a link to the new
          address; the change happens when you open it.
        </p>
        {actionData?.emailSentTo && actionData.intent === "change-email" ? (
          <SentNote>Check {actionData.emailSentTo} for a link to confirm the change. It works for one hour.</SentNote>
        ) : null}
        <FormError id={emailForm.errorId} errors={emailForm.errors} />
        <input type="hidden" name="intent" value="change-email" />
        <Field id={emailFields.email.id} label="New email address" errors={emailFields.email.errors}>
          <input {...getInputProps(emailFields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        {currentPassword(emailFields)}
        <button type="submit" disabled={busy("change-email")} className={primary}>
          {busy("change-email") ? "Sending..." : "Send the confirmation link"}
        </button>
      </Form>

      <Form method="post" className={box} aria-labelledby="language-title">
        <h2 id="language-title" className="font-semibold text-lg">
          Language of your emails
        </h2>
        <p className="text-slate-700 text-sm dark:text-slate-300">
          Reminders, billing notices, team invitations and other emails about your account are written in this language.
        </p>
        <input type="hidden" name="intent" value="set-language" />
        <Field
          id="account-locale"
          label="Language"
          errors={actionData?.intent === "set-language" ? (actionData.result.error?.locale ?? undefined) : undefined}
        >
          <select id="account-locale" name="locale" defaultValue={locale} className={inputClass}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_NAME[code]}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" disabled={busy("set-language")} className={primary}>
          {busy("set-language") ? "Saving..." : "Save language"}
        </button>
      </Form>

      <Form method="post" className={box} aria-labelledby="password-title" {...getFormProps(passwordForm)}>
        <h2 id="password-title" className="font-semibold text-lg">
          Password
        </h2>
        <FormError id={passwordForm.errorId} errors={passwordForm.errors} />
        <input type="hidden" name="intent" value="change-password" />
        {currentPassword(passwordFields)}
        <NewPasswordFields password={passwordFields.password} confirm={passwordFields.confirm} />
        <label className="flex items-center gap-2 text-sm">
          <input
            {...getInputProps(passwordFields.signOutOthers, { type: "checkbox", value: "on" })}
            defaultChecked
            className="size-4"
          />
          Sign out of my other devices
        </label>
        <p className="text-slate-600 text-sm dark:text-slate-300">
          Forgot it?{" "}
          <Link to={href("/auth/forgot")} className="font-medium text-brand-700 underline dark:text-brand-200">
            Reset it by email
          </Link>
        </p>
        <button type="submit" disabled={busy("change-password")} className={primary}>
          {busy("change-password") ? "Saving..." : "Change password"}
        </button>
      </Form>

      <section id="passkeys" className={box} aria-labelledby="passkeys-title">
        <h2 id="passkeys-title" className="font-semibold text-lg">
          Passkeys
        </h2>
        {passkeyNote ? (
          <SentNote>
            {passkeyNote === "added"
              ? "Passkey added. Next time, sign in with it."
              : "Your account is ready. Add a passkey now, or "}
            {passkeyNote === "new" ? (
              <Link to={href("/welcome")} className="font-semibold underline">
                go on to set up your card
              </Link>
            ) : null}
          </SentNote>
        ) : null}
        <p className="text-slate-700 text-sm dark:text-slate-300">
          A passkey signs you in with this device's fingerprint, face or screen lock instead of a password. It only
          works on KnowWho, so a look-alike site cannot use it.
        </p>
        {actionData?.intent === "passkey-rename" || actionData?.intent === "passkey-remove" ? (
          <FormError id="passkey-error" errors={Object.values(actionData.result.error ?? {}).flatMap((e) => e ?? [])} />
        ) : null}
        {passkeys.length === 0 ? null : (
          <ul aria-label="Your passkeys" className="divide-y divide-slate-200 dark:divide-slate-800">
            {passkeys.map((p) => (
              <li key={p.id} className="space-y-2 py-3 text-sm">
                <p>
                  <span className="font-medium [overflow-wrap:anywhere]">{p.name}</span>
                  <span className="block text-slate-600 dark:text-slate-300">
                    Added {p.created.slice(0, 16).replace("T", " ")} UTC ·{" "}
                    {p.lastUsed ? `last used ${p.lastUsed.slice(0, 16).replace("T", " ")} UTC` : "not used yet"}
                  </span>
                </p>
                <div className="flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="intent" value="passkey-rename" />
                    <input type="hidden" name="id" value={p.id} />
                    <label className="text-sm">
                      <span className="sr-only">New name for {p.name}</span>
                      <input name="name" defaultValue={p.name} maxLength={60} required className={inputClass} />
                    </label>
                    <button
                      type="submit"
                      className="rounded-md border border-slate-300 px-3 py-2 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
                    >
                      Rename
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="passkey-remove" />
                    <input type="hidden" name="id" value={p.id} />
                    <button
                      type="submit"
                      aria-label={`Remove passkey ${p.name}`}
                      className="rounded-md border border-red-300 px-3 py-2 font-semibold text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950"
                    >
                      Remove
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
        {/* WebAuthn needs script: /passkey.js shows this form where the browser has passkeys, and runs it. */}
        <form data-passkey-add="" hidden className="space-y-3">
          <p data-passkey-error="" role="alert" hidden className={formErrorClass} />
          <Field id="passkey-name" label="Name (optional)" hint="Which device or app holds it, say “Work laptop”.">
            <input id="passkey-name" name="name" maxLength={60} className={inputClass} />
          </Field>
          <button type="submit" data-busy="Waiting for your device..." className={primary}>
            Add a passkey
          </button>
        </form>
        <p data-passkey-unsupported="" className="text-slate-600 text-sm dark:text-slate-300">
          {passkeys.length === 0 ? "No passkeys yet. " : ""}Adding one needs a browser with passkeys and JavaScript on.
        </p>
      </section>

      <section className={box} aria-labelledby="two-factor-title">
        <h2 id="two-factor-title" className="font-semibold text-lg">
          Two-step sign-in
        </h2>
        {twoFactor ? (
          <Form method="post" className="space-y-4" {...getFormProps(disableForm)}>
            <p className="text-slate-700 text-sm dark:text-slate-300">
              On. Signing in asks for a code from your authenticator app after your password.
            </p>
            <FormError id={disableForm.errorId} errors={disableForm.errors} />
            <input type="hidden" name="intent" value="2fa-disable" />
            {currentPassword(disableFields)}
            <button
              type="submit"
              disabled={busy("2fa-disable")}
              className="rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-sm hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              Turn off two-step sign-in
            </button>
          </Form>
        ) : setup ? (
          <Form method="post" className="space-y-4" {...getFormProps(confirmForm)}>
            <p className="text-slate-700 text-sm dark:text-slate-300">
              Scan this code with an authenticator app (1Password, Google Authenticator, Microsoft Authenticator,
              Aegis...), or type the key, then enter the 6-digit code it shows.
            </p>
            <div
              className="size-[200px] bg-white [&>svg]:size-full"
              role="img"
              aria-label="QR code to add KnowWho to an authenticator app"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: our own QR encoder's SVG of our own URI
              dangerouslySetInnerHTML={{ __html: setup.svg }}
            />
            <p className="text-sm">
              Key: <code className="select-all break-all font-mono">{setup.key}</code>
            </p>
            <div className="rounded-md bg-amber-50 p-3 text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-100">
              <p className="font-semibold">Recovery codes: save them now, they are not shown again.</p>
              <p>Each one signs you in once if you lose your phone.</p>
              <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono">
                {setup.backupCodes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
            <input type="hidden" name="intent" value="2fa-confirm" />
            <input type="hidden" name="uri" value={setup.uri} />
            <input type="hidden" name="backupCodes" value={setup.backupCodes.join(" ")} />
            <Field id={confirmFields.code.id} label="Code from the app" errors={confirmFields.code.errors}>
              <input
                {...getInputProps(confirmFields.code, { type: "text" })}
                autoComplete="one-time-code"
                inputMode="numeric"
                className={inputClass}
              />
            </Field>
            <button type="submit" disabled={busy("2fa-confirm")} className={primary}>
              Turn on two-step sign-in
            </button>
          </Form>
        ) : (
          <Form method="post" className="space-y-4" {...getFormProps(enableForm)}>
            <p className="text-slate-700 text-sm dark:text-slate-300">
              Off. With it on, signing in also asks for a code from an authenticator app on your phone, so a password
              alone does not open your account.
            </p>
            <FormError id={enableForm.errorId} errors={enableForm.errors} />
            <input type="hidden" name="intent" value="2fa-enable" />
            {currentPassword(enableFields)}
            <button type="submit" disabled={busy("2fa-enable")} className={primary}>
              Set up two-step sign-in
            </button>
          </Form>
        )}
      </section>

      <section className={box} aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="font-semibold text-lg">
          Devices
        </h2>
        <ul aria-label="Signed-in devices" className="divide-y divide-slate-200 dark:divide-slate-800">
          {devices.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">{d.name}</span>
                {d.country ? ` · ${d.country}` : ""}
                <span className="block text-slate-600 dark:text-slate-300">
                  {d.current ? "This device" : `Last seen ${d.lastSeen.slice(0, 16).replace("T", " ")} UTC`}
                </span>
              </span>
              {d.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="sign-out-device" />
                  <input type="hidden" name="id" value={d.id} />
                  <button
                    type="submit"
                    aria-label={`Sign out ${d.name}${d.country ? ` in ${d.country}` : ""}`}
                    className="rounded-md border border-slate-300 px-3 py-1.5 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
                  >
                    Sign out
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <Form method="post" className="space-y-3" {...getFormProps(othersForm)}>
          <input type="hidden" name="intent" value="sign-out-others" />
          <p className="text-slate-700 text-sm dark:text-slate-300">
            {otherSessions === 0
              ? "You are signed in on this device only."
              : `You are also signed in on ${otherSessions} other ${otherSessions === 1 ? "device or browser" : "devices or browsers"}.`}
          </p>
          <FormError id={othersForm.errorId} errors={othersForm.errors} />
          <button
            type="submit"
            disabled={otherSessions === 0 || busy("sign-out-others")}
            className="rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-sm hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Sign out of other devices
          </button>
        </Form>
      </section>
    </section>
  );
}
