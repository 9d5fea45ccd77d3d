import { z } from "zod";
import { requiredEmailField } from "../forms/fields";

/** Team forms and words (decision 0200), shared by the pages and the server. */
export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_NAMES: Record<Role, string> = { owner: "Owner", admin: "Admin", member: "Member" };

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
export const TEAM_NAME_MAX = 80;

const teamName = z
  .string({ error: "Name your team" })
  .trim()
  .min(1, "Name your team")
  .max(TEAM_NAME_MAX, `Must be at most ${TEAM_NAME_MAX} characters`);

export const teamsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: teamName }),
  // "" or the account's own id is the personal workspace.
  z.object({ intent: z.literal("switch"), workspace: z.string().max(64).default("") }),
]);

const userId = z.string({ error: "Choose a member" }).min(1, "Choose a member").max(64);

export const teamSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("invite"),
    email: requiredEmailField,
    role: z.enum(["admin", "member"], { error: "Choose Admin or Member" }).default("member"),
  }),
  z.object({ intent: z.literal("cancel-invitation"), invitation: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("remove"), user: userId }),
  z.object({ intent: z.literal("role"), user: userId, role: z.enum(ROLES, { error: "Choose a role" }) }),
  z.object({ intent: z.literal("transfer"), user: userId }),
  z.object({ intent: z.literal("leave") }),
]);
