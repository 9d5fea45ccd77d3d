import { z } from "zod";
import { requiredEmailField } from "../forms/fields";
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

export const accountSchema = z.discriminatedUnion("intent", [
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
  z.object({ intent: z.literal("verify-email") }),
]);
