import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "react-router";
import { z } from "zod";
import { userNameSchema } from "~/lib/account/auth";
import { checkboxField, countryField, timeZoneField } from "~/lib/forms/fields";

// The same name rule as sign-up (createAuth checks it again for every account write).
export const profileSchema = z.object({ intent: z.literal("profile"), name: userNameSchema });

export const preferencesSchema = z.object({
  intent: z.literal("preferences"),
  timeZone: timeZoneField,
  country: countryField,
  notifyShareBacks: checkboxField,
  notifyReminders: checkboxField,
  notifyImports: checkboxField,
  visibility: z.enum(["all", "connections"]).catch("all"),
});

const CONFIRM_MESSAGE = "Type your email address exactly to confirm.";
export const deleteSchema = (email: string) =>
  z.object({
    intent: z.literal("delete-account"),
    confirm: z
      .string({ error: CONFIRM_MESSAGE })
      .max(254, CONFIRM_MESSAGE)
      .refine((v) => v.trim().toLowerCase() === email.toLowerCase(), CONFIRM_MESSAGE),
  });

export type FormIntent = "profile" | "preferences" | "delete-account";

/** What the settings action answers without redirecting: a form's field messages, or a new feed token shown once. */
export type SettingsAnswer =
  | { intent: FormIntent; reply: SubmissionResult<string[]>; soleOwnerOf?: { id: string; name: string | null }[] }
  | { feedToken: string }
  | undefined;

/** The stored preferences as the page shows them (the feed token's hash never leaves the server). */
export type ShownSettings = {
  timeZone: string;
  country: string;
  notifyShareBacks: boolean;
  notifyReminders: boolean;
  notifyImports: boolean;
  visibility: string;
  hasFeed: boolean;
};

/** A form of this page: validated in the browser with the action's schema; the action's answer when it was this form's. */
export function useSettingsForm<S extends z.ZodObject>(
  id: FormIntent,
  schema: S,
  answer: SettingsAnswer,
  defaultValue: Partial<Record<keyof z.input<S>, string>>,
) {
  const navigation = useNavigation();
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult:
      navigation.state === "idle" && answer && "reply" in answer && answer.intent === id ? answer.reply : undefined,
    defaultValue: defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

export function usePreferencesForm(answer: SettingsAnswer, settings: ShownSettings) {
  return useSettingsForm("preferences", preferencesSchema, answer, {
    timeZone: settings.timeZone,
    country: settings.country,
    notifyShareBacks: settings.notifyShareBacks ? "on" : "",
    notifyReminders: settings.notifyReminders ? "on" : "",
    notifyImports: settings.notifyImports ? "on" : "",
    visibility: settings.visibility,
  });
}
