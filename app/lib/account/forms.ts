import { z } from "zod";
import { requiredEmailField } from "../forms/fields";
import { LOCALES } from "../i18n/locales";
import { PASSWORD_MAX, PASSWORD_MIN } from "./auth";

/** Field rules for the account forms (reset, change password, change email), shared by page and server. */
export const emailField = requiredEmailField;

export const newPasswordField = z
  .string({ error: `Password must be at least ${PASSWORD_MIN} characters` })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const currentPasswordField = z
  .string({ error: "Please enter your current password" })
  .max(PASSWORD_MAX, "That is not your current password");

const PASSWORDS_DIFFER = "The two passwords are not the same";

export const forgotSchema = z.object({ email: emailField });

export const resetSchema = z
  .object({ token: z.string().regex(/^[\w-]{8,200}$/), password: newPasswordField, confirm: z.string().optional() })
  .refine((v) => v.password === v.confirm, { message: PASSWORDS_DIFFER, path: ["confirm"] });

/** An authenticator code is six digits; spaces an app shows between groups are dropped. */
export const totpCodeField = z
  .string({ error: "Enter the 6-digit code from your authenticator app" })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

/** A passkey's name in Settings → Account (the sign-up's new passkey may leave it empty: "Passkey"). */
export const passkeyNameField = z
  .string({ error: "Enter a name for the passkey" })
  .trim()
  .max(60, "Use at most 60 characters for the passkey's name")
  .regex(/^[^\p{Cc}<>]*$/u, "Use letters, numbers and spaces for the passkey's name");

/** Renaming or removing a passkey names it by its id. */
const passkeyIdField = z.string({ error: "Choose a passkey" }).regex(/^[\w-]{8,64}$/, "Choose a passkey");

export const accountSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("passkey-rename"),
    id: passkeyIdField,
    name: passkeyNameField.pipe(z.string().min(1, "Enter a name for the passkey")),
  }),
  z.object({ intent: z.literal("passkey-remove"), id: passkeyIdField }),
  z.object({ intent: z.literal("change-email"), email: emailField, currentPassword: currentPasswordField }),
  z
    .object({
      intent: z.literal("change-password"),
      currentPassword: currentPasswordField,
      password: newPasswordField,
      confirm: z.string().optional(),
      signOutOthers: z.literal("on").optional(),
    })
    .refine((v) => v.password === v.confirm, { message: PASSWORDS_DIFFER, path: ["confirm"] }),
  z.object({ intent: z.literal("sign-out-others") }),
  z.object({ intent: z.literal("sign-out-device"), id: z.string().regex(/^[\w-]{8,200}$/, "Choose a device") }),
  z.object({ intent: z.literal("verify-email") }),
  // The account's language (decision 0269): one of the languages the mails are written in.
  z.object({ intent: z.literal("set-language"), locale: z.enum(LOCALES, { error: "Choose a language" }) }),
  z.object({ intent: z.literal("2fa-enable"), currentPassword: currentPasswordField }),
  // The setup's key and recovery codes come back only to show the setup again after a wrong code.
  z.object({
    intent: z.literal("2fa-confirm"),
    code: totpCodeField,
    uri: z.string().max(500).optional(),
    backupCodes: z.string().max(1000).optional(),
  }),
  z.object({ intent: z.literal("2fa-disable"), currentPassword: currentPasswordField }),
]);

/** The sign-in's second step: a code from the app, or one of the recovery codes shown when it was set up. */
export const twoFactorSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("totp"), code: totpCodeField, redirectTo: z.string().optional() }),
  z.object({
    intent: z.literal("recovery"),
    code: z
      .string({ error: "Enter one of your recovery codes" })
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, "Enter one of your recovery codes"),
    redirectTo: z.string().optional(),
  }),
]);
