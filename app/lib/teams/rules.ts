import { z } from "zod";
import { requiredEmailField } from "../forms/email";
import { tooLong } from "../forms/too-long";
import { INVITE_FILE_MESSAGES, MAX_INVITE_FILE_BYTES, MAX_INVITE_ROWS } from "./invite-file";

/** Team forms and words (decision 0200), shared by the pages and the server. */
export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];
/** The workspace a signed-in request works in (decision 0200): `team` is the team's name, null in the personal one. */
export type CurrentWorkspace = {
  id: string;
  role: Role;
  team: string | null;
  /** The team requires a passkey or two-step sign-in and this account has neither (decision 0242). */
  secondFactorDue?: true;
};
export const ROLE_NAMES: Record<Role, string> = { owner: "Owner", admin: "Admin", member: "Member" };
/** Owners and admins manage a team: its members, cards, audit log and numbers; a member does not. */
export const managesTeam = (role: Role) => role === "owner" || role === "admin";

/**
 * Who may share a team person with the whole team or stop it (decision 0288): its owner, the member who met them,
 * or an owner or admin; `setShared` holds the same rule in its statement, this one decides whether the page offers it.
 */
export const changesSharing = (role: Role, userId: string, p: { ownerId: string | null; metBy: string | null }) =>
  managesTeam(role) || p.ownerId === userId || p.metBy === userId;

/** Said on Settings → Account to a member whose team requires a second factor they do not have yet (decision 0242). */
export const secondFactorRequired = (team: string) =>
  `${team} asks its members to sign in with a passkey or two-step sign-in. Add a passkey or set up two-step sign-in below to reach the team's pages, or switch back to your own workspace.`;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
export const TEAM_NAME_MAX = 80;

const teamName = z
  .string({ error: "Name your team" })
  .trim()
  .min(1, "Name your team")
  .max(TEAM_NAME_MAX, tooLong(TEAM_NAME_MAX));

export const teamsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: teamName }),
  // "" or the account's own id is the personal workspace.
  z.object({ intent: z.literal("switch"), workspace: z.string().max(64).default("") }),
]);

const inviteRole = z.enum(["admin", "member"], { error: "Choose Admin or Member" }).default("member");

/** Said when a removal names nobody, or someone who is not an owner or admin, to take over the member's people. */
export const HEIR_MESSAGE = "Choose an owner or admin of the team to take over their people and follow-ups";

const userId = z.string({ error: "Choose a member" }).min(1, "Choose a member").max(64);

export const teamSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("invite"),
    email: requiredEmailField,
    role: inviteRole,
  }),
  // A file of addresses, checked and shown before anything is sent (decision 0211).
  z.object({
    intent: z.literal("invite-file"),
    file: z
      .instanceof(File, { message: INVITE_FILE_MESSAGES.choose })
      .refine((f) => f.size > 0, INVITE_FILE_MESSAGES.empty)
      .refine((f) => f.size <= MAX_INVITE_FILE_BYTES, INVITE_FILE_MESSAGES.tooLarge),
    role: inviteRole,
  }),
  // The checked addresses, one a line, sent back to be invited (each is checked again).
  z.object({
    intent: z.literal("invite-many"),
    emails: z.string({ error: INVITE_FILE_MESSAGES.empty }).max(MAX_INVITE_ROWS * 256, INVITE_FILE_MESSAGES.tooLarge),
    role: inviteRole,
  }),
  z.object({ intent: z.literal("cancel-invitation"), invitation: z.string().min(1).max(64) }),
  // Whoever removes a member chooses the owner or admin who takes over their people and follow-ups (decision 0234).
  z.object({
    intent: z.literal("remove"),
    user: userId,
    // None named: the one removing takes them over (an owner or admin, or they could not remove anyone).
    heir: z.string().max(64, HEIR_MESSAGE).optional(),
  }),
  z.object({
    intent: z.literal("reassign"),
    from: z.string({ error: "Choose whose people to move" }).min(1, "Choose whose people to move").max(64),
    to: z.string({ error: "Choose who takes them over" }).min(1, "Choose who takes them over").max(64),
  }),
  z.object({ intent: z.literal("members-see-all"), on: z.enum(["on", "off"]) }),
  z.object({ intent: z.literal("role"), user: userId, role: z.enum(ROLES, { error: "Choose a role" }) }),
  z.object({ intent: z.literal("transfer"), user: userId }),
  z.object({ intent: z.literal("leave") }),
]);

/** Why an account cannot be deleted yet: the teams it is the only owner of, by name. */
export function soleOwnerMessage(names: string[]): string {
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `You are the only owner of ${list}. Make another member owner first, then delete your account.`;
}
