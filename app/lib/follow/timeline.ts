import { z } from "zod";

import { MANUAL_KINDS } from "./kinds";

export const MAX_INTERACTION_TEXT = 5000;

/** The log form: kind, optional local date and time (the owner's zone), optional text. */
export const logFormSchema = z.object({
  kind: z.enum(MANUAL_KINDS, { message: "Choose what happened" }),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  time: z
    .string()
    .regex(/^\d{2}:\d{2}$/, "Enter a time")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  text: z.string().trim().max(MAX_INTERACTION_TEXT, `At most ${MAX_INTERACTION_TEXT} characters`).default(""),
  clientId: z.string().trim().min(8).max(100).optional(),
  // In a team, what a member writes is theirs alone unless they share it with the team (decision 0234).
  shared: z.literal("on").optional(),
});
