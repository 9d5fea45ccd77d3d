import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`)
    .$onUpdate(() => new Date());

// Accounts: the tables better-auth expects (user, session, account, verification).
export const user = sqliteTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  image: text("image"),
  twoFactorEnabled: integer("two_factor_enabled", { mode: "boolean" }).notNull().default(false),
  /** The language the account's mails are written in (migration 0089); null reads English. */
  locale: text("locale"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = sqliteTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    // Two letters from the edge (cf.country) when the session began; null where there is no edge.
    country: text("country"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The team workspace this session works in; null is the personal one (decision 0200). */
    activeWorkspaceId: text("active_workspace_id").references((): AnySQLiteColumn => workspace.id, {
      onDelete: "set null",
    }),
    /** The passkey this session signed in with: removing the passkey ends the session (migration 0055). */
    passkeyId: text("passkey_id").references((): AnySQLiteColumn => passkey.id, { onDelete: "cascade" }),
    /** The team whose provider opened this session: it outlives that team's "SSO only" (migration 0072). */
    ssoWorkspaceId: text("sso_workspace_id"),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

/**
 * Workspaces (decision 0200): a personal one per account whose id is its user's id (so every owner column
 * already names it), and teams with fresh ids. Triggers keep a personal workspace its owner's alone and a team
 * never without an owner (migration 0046).
 *
 * Owned by a workspace since 0047 (decision 0207): in every table whose `userId`/`user_id` references
 * `workspace.id` below, that column holds the owning WORKSPACE's id, not a user's. It kept its name (as
 * `connection` kept its older one for people) because every existing row's value, its owner's user id, is that
 * owner's personal workspace id. Key such rows by `getWorkspace(context).id`, never by `getUser(context).id`.
 */
export const workspace = sqliteTable("workspace", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["personal", "team"] }).notNull(),
  name: text("name"),
  // A team's setting (0064): its members see every team person, not only those they met or own.
  membersSeeAll: integer("members_see_all", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  // A team's members reach its pages only with a passkey or two-step sign-in set up (decision 0242).
  requireSecondFactor: integer("require_second_factor", { mode: "boolean" }).notNull().default(false),
  // The template a member the team's directory (SCIM) adds gets a card from (decision 0260); none by default.
  defaultTemplateId: text("default_template_id").references((): AnySQLiteColumn => cardTemplate.id, {
    onDelete: "set null",
  }),
});

export const member = sqliteTable(
  "member",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("member_user_idx").on(t.userId)],
);

export const invitation = sqliteTable(
  "invitation",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    /** SHA-256 of the link's token: the token itself is only in the mail. */
    tokenHash: text("token_hash").notNull(),
    inviterId: text("inviter_id").references(() => user.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invitation_token_idx").on(t.tokenHash),
    index("invitation_workspace_idx").on(t.workspaceId, t.email),
  ],
);

/** A team's audit log (migration 0053, decision 0210): the actor's name and address as they were when it happened. */
export const workspaceAudit = sqliteTable(
  "workspace_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    at: integer("at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    subject: text("subject"),
    detail: text("detail"),
  },
  (t) => [index("workspace_audit_page_idx").on(t.workspaceId, t.id), index("workspace_audit_actor_idx").on(t.actorId)],
);

export const account = sqliteTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: integer("access_token_expires_at", { mode: "timestamp_ms" }),
    refreshTokenExpiresAt: integer("refresh_token_expires_at", { mode: "timestamp_ms" }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = sqliteTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// Two-step sign-in (better-auth's twoFactor plugin): the authenticator secret and recovery codes, encrypted.
export const twoFactor = sqliteTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: integer("verified", { mode: "boolean" }).notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: integer("locked_until", { mode: "timestamp_ms" }),
    // The time step of the last code accepted (RFC 6238 §5.2: a code is accepted once).
    lastStep: integer("last_step"),
  },
  (t) => [uniqueIndex("two_factor_user_idx").on(t.userId)],
);

// Passkeys (WebAuthn, decision 0213): the public half of each credential an account registered.
export const passkey = sqliteTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The authenticator's credential id, base64url. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports").notNull().default(""),
    deviceType: text("device_type").notNull().default("singleDevice"),
    backedUp: integer("backed_up", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("passkey_credential_idx").on(t.credentialId), index("passkey_user_idx").on(t.userId)],
);

// Single sign-on for a team (decision 0214, migration 0056): its proved domains and its OpenID provider.
export const teamDomain = sqliteTable(
  "team_domain",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    /** What the TXT record at _knowwho.<domain> must say: knowwho-verification=<token>. */
    token: text("token").notNull(),
    verifiedAt: integer("verified_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("team_domain_team_idx").on(t.workspaceId, t.domain),
    uniqueIndex("team_domain_verified_idx").on(t.domain).where(sql`${t.verifiedAt} is not null`),
  ],
);

export const teamSso = sqliteTable("team_sso", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspace.id, { onDelete: "cascade" }),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  /** Encrypted with the auth secret. */
  clientSecret: text("client_secret").notNull(),
  enforced: integer("enforced", { mode: "boolean" }).notNull().default(false),
  updatedAt: updatedAt(),
});

// SCIM provisioning per team (decision 0241, migration 0071): the directory's tokens, users and groups.
export const scimToken = sqliteTable(
  "scim_token",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("scim_token_hash_idx").on(t.tokenHash), index("scim_token_team_idx").on(t.workspaceId)],
);

export const scimUser = sqliteTable(
  "scim_user",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lower case: the directory's sign-in name, unique in the team. */
    userName: text("user_name").notNull(),
    externalId: text("external_id"),
    displayName: text("display_name"),
    givenName: text("given_name"),
    familyName: text("family_name"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("scim_user_name_idx").on(t.workspaceId, t.userName),
    uniqueIndex("scim_user_account_idx").on(t.workspaceId, t.userId),
    index("scim_user_account_only_idx").on(t.userId),
  ],
);

export const scimGroup = sqliteTable(
  "scim_group",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    externalId: text("external_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("scim_group_name_idx").on(t.workspaceId, t.displayName)],
);

export const scimGroupMember = sqliteTable(
  "scim_group_member",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => scimGroup.id, { onDelete: "cascade" }),
    scimUserId: text("scim_user_id")
      .notNull()
      .references(() => scimUser.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.scimUserId] }), index("scim_group_member_user_idx").on(t.scimUserId)],
);

// Outgoing mail: the local mail adapter writes here; the dev mailbox page reads it.
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
    // Extra header lines as JSON (a mailing's List-Unsubscribe pair), shown by the dev mailbox.
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    /** The sending call's idempotency key and the message's place in it: a repeated call stores nothing. */
    idempotencyKey: text("idempotency_key"),
  },
  (t) => [index("outbox_created_idx").on(t.createdAt), uniqueIndex("outbox_idempotency_idx").on(t.idempotencyKey)],
);

// Newsletter with double opt-in: pending until the emailed token is confirmed.
export const newsletterSubscriber = sqliteTable("newsletter_subscriber", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  status: text("status", { enum: ["pending", "confirmed", "unsubscribed"] })
    .notNull()
    .default("pending"),
  tokenHash: text("token_hash").notNull(),
  source: text("source").notNull(),
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// The owner's network. Tags are a JSON list; priority and status follow app/lib/people/connection-rules.ts.
// The table is named `connection` for history (and the /connections URLs); the feature is "people" everywhere else.
export const connection = sqliteTable(
  "connection",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    title: text("title"),
    role: text("role"),
    company: text("company"),
    organization: text("organization"),
    website: text("website"),
    linkedin: text("linkedin"),
    // The person's photo: its KV key (app/server/people/photo.server.ts), served to the owner only.
    image: text("image"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    priority: text("priority", { enum: ["high", "medium", "low"] })
      .notNull()
      .default("medium"),
    status: text("status", { enum: ["Active", "Pending", "Archived"] })
      .notNull()
      .default("Active"),
    strength: integer("strength"),
    context: text("context"),
    eventName: text("event_name"),
    notes: text("notes"),
    // "What we discussed": the owner's shareable note, the only one a drafted message may quote.
    discussed: text("discussed"),
    source: text("source", { enum: ["manual", "share", "saved", "import", "scan"] })
      .notNull()
      .default("manual"),
    lastContactAt: integer("last_contact_at", { mode: "timestamp_ms" }),
    // Set by the capture page so a capture replayed after going offline is stored once.
    clientId: text("client_id"),
    // The structured name beside the display name (vCard N); the people core fills it.
    namePrefix: text("name_prefix"),
    givenName: text("given_name"),
    middleName: text("middle_name"),
    familyName: text("family_name"),
    nameSuffix: text("name_suffix"),
    department: text("department"),
    birthday: text("birthday"),
    // Stable id for exports and CardDAV (vCard UID); also the source's own id on import.
    uid: text("uid"),
    // Name and organisation folded (case, accents, spacing): the fuzzy possible-duplicate key.
    nameKey: text("name_key"),
    // Decision 0234: the member who met them and the member who owns them now (in a personal workspace, its user).
    metBy: text("met_by").references(() => user.id, { onDelete: "set null" }),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    // Shared with the whole team: every member sees them, whoever owns them.
    shared: integer("shared", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("connection_user_client_idx").on(t.userId, t.clientId),
    index("connection_owner_idx").on(t.ownerId),
    index("connection_met_by_idx").on(t.metBy),
    index("connection_user_created_idx").on(t.userId, t.createdAt),
    index("connection_user_name_idx").on(t.userId, t.name),
    index("connection_user_email_idx").on(t.userId, t.email),
    index("connection_user_name_key_idx").on(t.userId, t.nameKey),
    // Migration 0023: the people API and the HubSpot sync page by (updated_at, id).
    index("connection_user_updated_idx").on(t.userId, t.updatedAt),
    // Migration 0023: the list's Event filter reads distinct events from the index.
    index("connection_user_event_idx").on(t.userId, t.eventName),
    // Migration 0093: each part of who a member sees (0277) in newest-first order, so their page reads what it shows.
    index("connection_user_owner_created_idx").on(t.userId, t.ownerId, t.createdAt),
    index("connection_user_met_by_created_idx").on(t.userId, t.metBy, t.createdAt),
    index("connection_user_shared_created_idx").on(t.userId, t.createdAt).where(sql`${t.shared} = 1`),
  ],
);

/**
 * A person's emails, phones, websites, social profiles and postal addresses. `key` is the normalised
 * value used to recognise the same person (lower-case email, E.164 phone, LinkedIn URL); one key
 * belongs to at most one person per owner, which the database enforces, so concurrent arrivals of the
 * same person cannot create two. Websites and addresses have no key (colleagues share them).
 */
export const contactPoint = sqliteTable(
  "contact_point",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connection.id, { onDelete: "cascade" }),
    // sip and role (a second organisation and title) need no migration: kind is plain text in SQL.
    kind: text("kind", { enum: ["email", "phone", "website", "social", "address", "sip", "role"] }).notNull(),
    label: text("label").notNull().default("other"),
    // Display value; an address is stored as JSON of its parts.
    value: text("value").notNull(),
    key: text("key"),
    service: text("service"),
    preferred: integer("preferred", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contact_point_owner_key_idx").on(t.userId, t.kind, t.key),
    index("contact_point_connection_idx").on(t.connectionId),
    // Migration 0023: the data download pages an owner's rows in rowid order.
    index("contact_point_user_idx").on(t.userId),
  ],
);

/** How and when each person entered the network, every repeat, merge, edit and consent given or withdrawn. */
export const personHistory = sqliteTable(
  "person_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connection.id, { onDelete: "cascade" }),
    kind: text("kind", {
      enum: ["created", "attached", "merged", "unmerged", "consent-given", "consent-withdrawn", "edited", "connected"],
    }).notNull(),
    source: text("source"),
    detail: text("detail").notNull().default(""),
    eventName: text("event_name"),
    cardId: integer("card_id"),
    // The submission's idempotency key when it attached to someone already there: a replay is a no-op.
    clientId: text("client_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("person_history_connection_idx").on(t.connectionId, t.createdAt),
    uniqueIndex("person_history_user_client_idx").on(t.userId, t.clientId),
    // Migration 0023: the data download pages an owner's rows in rowid order.
    index("person_history_user_idx").on(t.userId),
  ],
);

/** What a consent record is for: one person's choice never stands for another purpose (decision 0180). */
export const CONSENT_PURPOSES = ["exchange", "email", "event_news"] as const;
/** yes and no are the person's own answer; basis is a lawful basis other than consent that the sender recorded. */
export const CONSENT_STATES = ["yes", "no", "basis"] as const;

/**
 * Each choice a person made about one sender, for one purpose, with the words they were shown, when and
 * where: kept, never overwritten; the latest record per (sender, person, purpose) decides. The sender is
 * a workspace; a personal workspace's id is its user's id.
 */
export const consentRecord = sqliteTable(
  "consent_record",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    senderWorkspaceId: text("sender_workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connection.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: CONSENT_PURPOSES }).notNull(),
    state: text("state", { enum: CONSENT_STATES }).notNull(),
    // The organisation the person agreed to hear from, as named to them (a charity, an organiser, the owner).
    senderName: text("sender_name").notNull().default(""),
    shown: text("shown").notNull(),
    source: text("source").notNull(),
    eventName: text("event_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("consent_record_person_idx").on(t.senderWorkspaceId, t.connectionId, t.purpose, t.createdAt),
    index("consent_record_connection_idx").on(t.connectionId),
  ],
);

/**
 * Details a person gave again that differ from what the owner has (a new company, a fuller name, a
 * title): kept beside the person for the owner to accept or dismiss, never written over their fields.
 */
export const personSuggestion = sqliteTable(
  "person_suggestion",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connection.id, { onDelete: "cascade" }),
    field: text("field", { enum: ["name", "company", "title"] }).notNull(),
    value: text("value").notNull(),
    source: text("source").notNull(),
    /** Where it came from, as the person's history says it ("Shared back from your card “Work”"). */
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("person_suggestion_person_field_value_idx").on(t.connectionId, t.field, t.value),
    index("person_suggestion_user_idx").on(t.userId),
  ],
);

/** One merge: what every person looked like before, so the merge can be undone exactly. */
export const personMerge = sqliteTable(
  "person_merge",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    primaryId: integer("primary_id").notNull(),
    mergedIds: text("merged_ids", { mode: "json" }).$type<number[]>().notNull(),
    snapshot: text("snapshot", { mode: "json" }).$type<unknown>().notNull(),
    undoneAt: integer("undone_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("person_merge_user_idx").on(t.userId, t.createdAt)],
);

export const notification = sqliteTable(
  "notification",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull().default(""),
    type: text("type", { enum: ["success", "info", "warning", "error"] })
      .notNull()
      .default("info"),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    // Set once the notification has been shown as a toast on a page view.
    toasted: integer("toasted", { mode: "boolean" }).notNull().default(false),
    actionLabel: text("action_label"),
    actionUrl: text("action_url"),
    createdAt: createdAt(),
  },
  (t) => [index("notification_user_created_idx").on(t.userId, t.createdAt)],
);

export const reminder = sqliteTable(
  "reminder",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id").references(() => connection.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["Call", "Email", "Meeting", "General"] })
      .notNull()
      .default("General"),
    dueAt: integer("due_at", { mode: "timestamp_ms" }).notNull(),
    notes: text("notes"),
    done: integer("done", { mode: "boolean" }).notNull().default(false),
    // Set by the scheduled handler when the due reminder became a notification.
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
    // The member it is for (0064): the person's owner, moved with them when they are reassigned.
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("reminder_user_due_idx").on(t.userId, t.dueAt),
    index("reminder_owner_idx").on(t.ownerId),
    index("reminder_due_pending_idx").on(t.done, t.notifiedAt, t.dueAt),
  ],
);

export const userSettings = sqliteTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  timeZone: text("time_zone").notNull().default("UTC"),
  country: text("country").notNull().default("US"),
  notifyShareBacks: integer("notify_share_backs", { mode: "boolean" }).notNull().default(true),
  notifyReminders: integer("notify_reminders", { mode: "boolean" }).notNull().default(true),
  notifyImports: integer("notify_imports", { mode: "boolean" }).notNull().default(true),
  visibility: text("visibility", { enum: ["all", "connections"] })
    .notNull()
    .default("all"),
  // SHA-256 of the secret calendar feed token; null when no feed is enabled.
  calendarTokenHash: text("calendar_token_hash"),
  // Where the guided start stands: a new account starts at "card"; accounts from before it are "done".
  onboarding: text("onboarding", { enum: ["card", "publish", "share", "next", "done"] })
    .notNull()
    .default("done"),
  updatedAt: updatedAt(),
});

/** A card's second version: language codes and the fields written in it (app/lib/card checks them on read). */
export type CardSecondLanguageRow = {
  primary: string;
  lang: string;
  name?: string;
  title?: string;
  headline?: string;
  company?: string;
  location?: string;
};
export type SocialAccount = { id: string; platform: string; url: string };
export type AdditionalContact = { id: string; type: string; value: string };

const newCardRef = () => crypto.randomUUID().replaceAll("-", "").slice(0, 24);

// A digital business card. Published cards are reachable at /c/{slug} and cached in KV.
export const card = sqliteTable(
  "card",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    label: text("label").notNull().default("My card"),
    slug: text("slug").unique(),
    // The opaque reference signed card links carry (never the owner's id); random, not a sequence.
    ref: text("ref")
      .unique()
      .$defaultFn(() => newCardRef()),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    name: text("name").notNull(),
    // The owner's name as address books file it (vCard N); null until the owner saves the editor once.
    givenName: text("given_name"),
    familyName: text("family_name"),
    title: text("title"),
    company: text("company"),
    headline: text("headline"),
    bio: text("bio"),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    linkedin: text("linkedin"),
    location: text("location"),
    // Fundraising: the one campaign of the owner's that the visitor page invites people to support.
    featuredCampaignId: text("featured_campaign_id"),
    avatarKey: text("avatar_key"),
    notes: text("notes"),
    template: text("template", { enum: ["classic", "bold", "minimal"] })
      .notNull()
      .default("classic"),
    colour: text("colour").notNull().default("#4f46e5"),
    socialAccounts: text("social_accounts", { mode: "json" }).$type<SocialAccount[]>().notNull().default(sql`'[]'`),
    additionalContacts: text("additional_contacts", { mode: "json" })
      .$type<AdditionalContact[]>()
      .notNull()
      .default(sql`'[]'`),
    // The card written again in a second language (migration 0076); null when the owner wrote none.
    secondLanguage: text("second_language", { mode: "json" }).$type<CardSecondLanguageRow>(),
    // The optional questions on the share-back form the owner chose to ask.
    shareFields: text("share_fields", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'["company","title","note"]'`),
    // Cards on brand (decision 0236): the team template it follows, the member who holds it, and since when it is
    // paused (its holder left the team; the visitor page then offers the team's main card).
    templateId: text("template_id").references((): AnySQLiteColumn => cardTemplate.id, { onDelete: "set null" }),
    holderId: text("holder_id").references(() => user.id, { onDelete: "set null" }),
    pausedAt: integer("paused_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("card_user_idx").on(t.userId),
    index("card_template_cards_idx").on(t.templateId).where(sql`${t.templateId} is not null`),
    index("card_holder_idx").on(t.holderId, t.userId).where(sql`${t.holderId} is not null`),
  ],
);

/** A team's card template (decision 0236): the brand's values, and per field whether members may change it. */
export const cardTemplate = sqliteTable(
  "card_template",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    company: text("company"),
    address: text("address"),
    website: text("website"),
    headline: text("headline"),
    colour: text("colour").notNull().default("#4f46e5"),
    rules: text("rules", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    // The logo every card made from it shows (decision 0254): a KV key, as a card's photo is.
    logoKey: text("logo_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("card_template_workspace_idx").on(t.workspaceId)],
);

/** A card's open hand-over to a member: a link that works once, until it expires, for that address only. */
export const cardIssue = sqliteTable(
  "card_issue",
  {
    cardId: integer("card_id")
      .primaryKey()
      .references(() => card.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("card_issue_token_idx").on(t.tokenHash), index("card_issue_workspace_idx").on(t.workspaceId)],
);

// Details a visitor shared back from a card, with their consent to be contacted.
export const sharedContact = sqliteTable(
  "shared_contacts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipientUserId: text("recipient_user_id").references(() => user.id, { onDelete: "cascade" }),
    cardId: integer("card_id").references(() => card.id, { onDelete: "set null" }),
    connectionId: integer("connection_id").references(() => connection.id, { onDelete: "set null" }),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email").notNull(),
    senderPhone: text("sender_phone"),
    recipientName: text("recipient_name").notNull(),
    notes: text("notes").notNull().default(""),
    eventName: text("event_name"),
    consent: integer("consent", { mode: "boolean" }).notNull().default(false),
    consentAt: integer("consent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("shared_contacts_recipient_idx").on(t.recipientUserId, t.createdAt)],
);

// Per card and day counts; nothing about who the visitor was.
export const cardStat = sqliteTable(
  "card_stat",
  {
    cardId: integer("card_id")
      .notNull()
      .references(() => card.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
    saves: integer("saves").notNull().default(0),
    shares: integer("shares").notNull().default(0),
    fromQr: integer("from_qr").notNull().default(0),
    fromNfc: integer("from_nfc").notNull().default(0),
    fromLink: integer("from_link").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.day] })],
);

// Public reviews: new ones are unverified; a moderation flag hides abusive ones. Email is kept, never shown.
export const review = sqliteTable(
  "review",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("review_created_idx").on(t.createdAt)],
);

// One "helpful" mark per visitor per review; the count is derived from these rows.
export const reviewHelpful = sqliteTable(
  "review_helpful",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => review.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.visitorId] })],
);

// Help and contact form messages; each is also mailed to support through the mail adapter.
export const helpRequest = sqliteTable("help_request", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  source: text("source").notNull(),
  createdAt: createdAt(),
});

// "Was this guide helpful?" answers, one per visitor per guide (a later answer replaces the earlier one).
export const guideVote = sqliteTable(
  "guide_vote",
  {
    guideSlug: text("guide_slug").notNull(),
    visitorId: text("visitor_id").notNull(),
    vote: text("vote", { enum: ["yes", "somewhat", "no"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.guideSlug, t.visitorId] })],
);

// Fundraising: campaigns the owner runs, their gifts, monthly gifts, pledges and the Stripe connection.
export type BudgetLine = { label: string; amount: number };
export type TeamMember = { name: string; role: string };

export const campaign = sqliteTable(
  "campaign",
  {
    id: text("id").primaryKey(),
    // The owner; null only for rows made before campaigns had owners and no demo owner to give them to.
    userId: text("user_id").references(() => workspace.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    organization: text("organization").notNull(),
    organizerName: text("organizer_name").notNull(),
    location: text("location").notNull(),
    // CAMPAIGN_CATEGORIES (app/lib/fundraising/campaign.ts); text without a CHECK in SQL, so a new one needs no migration.
    category: text("category", {
      enum: [
        "environment",
        "education",
        "animals",
        "community",
        "arts",
        "health",
        "human-services",
        "faith",
        "international",
      ],
    }).notNull(),
    status: text("status", { enum: ["active", "past", "draft"] }).notNull(),
    // On KnowWho's home page: only an operator sets it, approving the owner's request below.
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    currency: text("currency").notNull().default("USD"),
    // Minor units of `currency`.
    goal: integer("goal").notNull(),
    // Raised before the campaign came here (offline, another platform), as the owner states it; gifts add
    // to it. The SQL names are the columns' first names, from when these were the seeded totals.
    priorRaised: integer("amount_raised").notNull().default(0),
    priorDonors: integer("donor_count").notNull().default(0),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    mission: text("mission").notNull(),
    impact: text("impact").notNull(),
    extendedDescription: text("extended_description").notNull(),
    imageKey: text("image_key"),
    budget: text("budget", { mode: "json" }).$type<BudgetLine[]>().notNull().default(sql`'[]'`),
    team: text("team", { mode: "json" }).$type<TeamMember[]>().notNull().default(sql`'[]'`),
    // Suggested gifts on the Donate form, minor units.
    suggested: text("suggested", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    // Hidden from every list but kept with its gifts.
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    // The owner chose to appear on the public /fundraising list.
    listed: integer("listed", { mode: "boolean" }).notNull().default(false),
    // The owner asked to be featured on the home page; waits for an operator while set.
    featureRequestedAt: integer("feature_requested_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("campaign_status_idx").on(t.status), index("campaign_user_idx").on(t.userId)],
);

// The owner's connected Stripe account: gifts are charged on it, so the money is the nonprofit's.
export const stripeConnection = sqliteTable("stripe_connection", {
  userId: text("user_id")
    .primaryKey()
    .references(() => workspace.id, { onDelete: "cascade" }),
  accountId: text("account_id").notNull().unique(),
  chargesEnabled: integer("charges_enabled", { mode: "boolean" }).notNull().default(false),
  detailsSubmitted: integer("details_submitted", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export const GIFT_METHODS = ["card", "cash", "cheque", "bank_transfer", "elsewhere"] as const;
export const GIFT_SOURCES = ["card", "event", "qr", "link", "manual", "import"] as const;

export const gift = sqliteTable(
  "gift",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    campaignId: text("campaign_id").references(() => campaign.id, { onDelete: "set null" }),
    connectionId: integer("connection_id").references(() => connection.id, { onDelete: "set null" }),
    recurringId: integer("recurring_id"),
    // One payment of a recurring gift: a subscription's (recurringId), or a row an imported file marks recurring.
    recurring: integer("recurring", { mode: "boolean" }).notNull().default(false),
    pledgeId: integer("pledge_id"),
    amount: integer("amount").notNull(),
    amountRefunded: integer("amount_refunded").notNull().default(0),
    currency: text("currency").notNull(),
    // The day the gift was made (YYYY-MM-DD).
    date: text("date").notNull(),
    method: text("method", { enum: GIFT_METHODS }).notNull(),
    source: text("source", { enum: GIFT_SOURCES }).notNull(),
    sourceCardId: integer("source_card_id"),
    sourceEventId: integer("source_event_id"),
    donorName: text("donor_name"),
    donorEmail: text("donor_email"),
    // The donor's choice to be named publicly; off unless they ticked it.
    publicName: integer("public_name", { mode: "boolean" }).notNull().default(false),
    note: text("note"),
    // What makes a gift once-only: the payment intent or invoice, an import row's hash, a form's nonce.
    externalKey: text("external_key").notNull(),
    stripeAccount: text("stripe_account"),
    paymentIntent: text("payment_intent"),
    acknowledgedAt: integer("acknowledged_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    // What the donor added to cover the processing fee, in minor units, included in `amount`.
    feeCovered: integer("fee_covered").notNull().default(0),
    tributeKind: text("tribute_kind", { enum: ["honour", "memory"] }),
    tributeName: text("tribute_name"),
    tributeNotifyEmail: text("tribute_notify_email"),
    // The postal address the donor gave for their receipt, as typed.
    donorAddress: text("donor_address"),
    // The language the donor gave in (0061): their receipts and statements are written in it; null reads English.
    locale: text("locale"),
  },
  (t) => [
    uniqueIndex("gift_user_key_idx").on(t.userId, t.externalKey),
    index("gift_campaign_idx").on(t.campaignId),
    index("gift_connection_idx").on(t.connectionId),
    index("gift_payment_intent_idx").on(t.paymentIntent),
    index("gift_campaign_date_idx").on(t.campaignId, t.date, t.id),
    index("gift_user_connection_date_idx").on(t.userId, t.connectionId, t.date),
    index("gift_user_date_idx").on(t.userId, t.date),
  ],
);

export const recurringGift = sqliteTable(
  "recurring_gift",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    campaignId: text("campaign_id").references(() => campaign.id, { onDelete: "set null" }),
    connectionId: integer("connection_id").references(() => connection.id, { onDelete: "set null" }),
    subscription: text("subscription").notNull().unique(),
    customer: text("customer"),
    stripeAccount: text("stripe_account"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    // "paused": the donor or owner held it (Stripe's pause_collection); nothing is charged until resumed.
    status: text("status", { enum: ["active", "past_due", "paused", "canceled"] }).notNull(),
    // Stripe's time of the event that set `status`: an older event arriving late never overwrites it.
    statusAt: integer("status_at").notNull(),
    locale: text("locale"),
    createdAt: createdAt(),
  },
  (t) => [index("recurring_gift_user_idx").on(t.userId)],
);

export const pledge = sqliteTable(
  "pledge",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    campaignId: text("campaign_id").references(() => campaign.id, { onDelete: "set null" }),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connection.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    note: text("note"),
    // The form's once-only key: a double submit records one pledge.
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("pledge_user_idx").on(t.userId),
    index("pledge_connection_idx").on(t.connectionId),
    uniqueIndex("pledge_user_key_idx").on(t.userId, t.key),
  ],
);

export const pledgeInstalment = sqliteTable(
  "pledge_instalment",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pledgeId: integer("pledge_id")
      .notNull()
      .references(() => pledge.id, { onDelete: "cascade" }),
    dueDate: text("due_date").notNull(),
    amount: integer("amount").notNull(),
    // Set when a gift pays it.
    giftId: integer("gift_id").references(() => gift.id, { onDelete: "set null" }),
  },
  (t) => [
    index("pledge_instalment_pledge_idx").on(t.pledgeId),
    // A gift's deletion sets its instalment free: found by index, not by scanning every instalment.
    index("pledge_instalment_gift_idx").on(t.giftId),
  ],
);

// The owner's thank-you: subject and body with {name}, {amount}, {date}, {campaign}, {organization}.
export const thankYouTemplate = sqliteTable("thank_you_template", {
  userId: text("user_id")
    .primaryKey()
    .references(() => workspace.id, { onDelete: "cascade" }),
  organization: text("organization").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  receiptStatement: text("receipt_statement").notNull(),
});

// The charity behind an owner's campaigns, as its receipts and year-end statements name it.
export const fundraisingOrg = sqliteTable("fundraising_org", {
  userId: text("user_id")
    .primaryKey()
    .references(() => workspace.id, { onDelete: "cascade" }),
  legalName: text("legal_name").notNull().default(""),
  taxId: text("tax_id").notNull().default(""),
  country: text("country").notNull().default(""),
  address: text("address").notNull().default(""),
  receiptWording: text("receipt_wording").notNull().default(""),
  // The month (1-12) the fiscal year starts in; 1 is the calendar year.
  fiscalYearStart: integer("fiscal_year_start").notNull().default(1),
  updatedAt: updatedAt(),
  // Where donors reach the charity from a campaign's page; empty shows no contact link (migration 0030).
  contactEmail: text("contact_email").notNull().default(""),
});

export type AttendeeRow = { name: string; title?: string; company?: string; email?: string };
export type StoredPlan = {
  goals: string[];
  targets: { name: string; reason: string; source: "network" | "attendees" }[];
  talkingPoints: string[];
  checklist: string[];
  engine: "built-in" | "workers-ai";
  generatedAt: string;
  edited: boolean;
};

// The owner's event hubs. Status (upcoming, active, past) follows the dates; `active` is the one hub
// the owner set active, which tags every contact made meanwhile. At most one per owner (partial index).
export const event = sqliteTable(
  "event",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    date: text("date").notNull(),
    endDate: text("end_date"),
    time: text("time"),
    location: text("location"),
    type: text("type", { enum: ["in-person", "virtual", "hybrid"] })
      .notNull()
      .default("in-person"),
    platform: text("platform"),
    url: text("url"),
    image: text("image"),
    attendeeCount: integer("attendee_count"),
    active: integer("active", { mode: "boolean" }).notNull().default(false),
    plan: text("plan", { mode: "json" }).$type<StoredPlan>(),
    attendees: text("attendees", { mode: "json" }).$type<AttendeeRow[]>().notNull().default(sql`'[]'`),
    // Fundraising: the campaign this event raises for; its report shows gifts from people met there.
    campaignId: text("campaign_id"),
    // The organiser event this hub plans for (an attendee's "plan it in my event hub"), one hub per event.
    orgEventId: integer("org_event_id").references((): AnySQLiteColumn => orgEvent.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("event_user_date_idx").on(t.userId, t.date),
    uniqueIndex("event_user_active_idx").on(t.userId).where(sql`${t.active} = 1`),
    uniqueIndex("event_user_org_event_idx").on(t.userId, t.orgEventId),
  ],
);

// Integrations (outbound only): signed webhooks, the Krystal AI target, HubSpot, personal API tokens.

/** Where signed events go: the owner's webhooks, and the Krystal AI sync target (kind "krystal"). */
export const webhookEndpoint = sqliteTable(
  "webhook_endpoint",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["webhook", "krystal"] })
      .notNull()
      .default("webhook"),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    // The whsec_ signing secret and (Krystal) the owner's API key, AES-GCM encrypted.
    secretEnc: text("secret_enc").notNull(),
    apiKeyEnc: text("api_key_enc"),
    schedule: text("schedule", { enum: ["hourly", "daily", "manual"] })
      .notNull()
      .default("manual"),
    status: text("status", { enum: ["active", "paused"] })
      .notNull()
      .default("active"),
    pausedReason: text("paused_reason"),
    failureStreak: integer("failure_streak").notNull().default(0),
    lastSyncAt: integer("last_sync_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_endpoint_user_idx").on(t.userId),
    uniqueIndex("webhook_endpoint_user_krystal_idx").on(t.userId).where(sql`${t.kind} = 'krystal'`),
  ],
);

/** One message to one endpoint; its id is the Standard Webhooks webhook-id, the same on every retry. */
export const webhookDelivery = sqliteTable(
  "webhook_delivery",
  {
    id: text("id").primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed", "held"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_delivery_endpoint_idx").on(t.endpointId, t.createdAt)],
);

/** The owner's HubSpot connection: one per owner. */
export const hubspotSync = sqliteTable("hubspot_sync", {
  userId: text("user_id")
    .primaryKey()
    .references(() => workspace.id, { onDelete: "cascade" }),
  tokenEnc: text("token_enc").notNull(),
  baseUrl: text("base_url").notNull(),
  mapping: text("mapping", { mode: "json" }).$type<Record<string, string>>().notNull(),
  schedule: text("schedule", { enum: ["hourly", "daily", "manual"] })
    .notNull()
    .default("daily"),
  status: text("status", { enum: ["active", "paused"] })
    .notNull()
    .default("active"),
  pausedReason: text("paused_reason"),
  // People changed after this moment are sent on the next run; it moves only when a run completes.
  syncedThrough: integer("synced_through", { mode: "timestamp_ms" }),
  lastRunAt: integer("last_run_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type SyncLogItem = { personId: number; name: string; email: string | null; outcome: string; reason?: string };

/** One run of a sync target: what was created, updated, skipped and why. */
export const syncRun = sqliteTable(
  "sync_run",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    target: text("target", { enum: ["hubspot", "krystal"] }).notNull(),
    trigger: text("trigger", { enum: ["manual", "schedule"] }).notNull(),
    status: text("status", { enum: ["succeeded", "partial", "failed"] }).notNull(),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    message: text("message"),
    items: text("items", { mode: "json" }).$type<SyncLogItem[]>().notNull().default(sql`'[]'`),
    createdAt: createdAt(),
  },
  (t) => [index("sync_run_user_idx").on(t.userId, t.target, t.createdAt)],
);

/** Personal API tokens: only the SHA-256 of the token is kept. */
export const apiToken = sqliteTable(
  "api_token",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    // The first characters, so the owner can tell tokens apart.
    prefix: text("prefix").notNull(),
    scope: text("scope", { enum: ["read", "write"] }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    // Who made it (0048): a team's token answers only while they are still a member of it.
    createdBy: text("created_by").references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("api_token_user_idx").on(t.userId), index("api_token_created_by_idx").on(t.createdBy)],
);

// Payments adapter (app/server/payments/): shared by every domain that takes money (donations, plans).
// One row per Stripe event we accepted: the primary key is what makes a replayed event change nothing.
export const paymentEvent = sqliteTable(
  "payment_event",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    // The connected account the event came from (Connect), null for the platform's own.
    account: text("account"),
    // The domain whose handler took it ("donations", "plans"), null when no handler claimed it.
    domain: text("domain"),
    // Stripe's own creation time (seconds), kept to order events that arrive out of order.
    created: integer("created").notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index("payment_event_type_idx").on(t.type)],
);

// The built-in test checkout's own state when no Stripe key is configured (local development and tests):
// accounts, checkout sessions, customers and subscriptions, each as Stripe would describe it.
export const paymentLocalObject = sqliteTable(
  "payment_local_object",
  {
    id: text("id").primaryKey(),
    kind: text("kind", {
      enum: ["account", "checkout_session", "customer", "subscription", "payment_intent", "refund"],
    }).notNull(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("payment_local_object_kind_idx").on(t.kind)],
);

// CardDAV: app passwords for DAV clients, and the address book's resources and sync tokens.

/** Passwords for CardDAV clients, one per device: only the SHA-256 of the (random) password is kept. */
export const appPassword = sqliteTable(
  "app_password",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull().unique(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    // Who made it (0048): it signs in as them, for this workspace, only while they are still a member of it.
    createdBy: text("created_by").references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("app_password_user_idx").on(t.userId), index("app_password_created_by_idx").on(t.createdBy)],
);

/** One address book per owner: its change counter, which is the sync token and the CTag. */
export const davBook = sqliteTable("dav_book", {
  userId: text("user_id")
    .primaryKey()
    .references(() => workspace.id, { onDelete: "cascade" }),
  seq: integer("seq").notNull().default(0),
  // A digest of the owner's people as the database holds them when the book was last found unchanged.
  fingerprint: text("fingerprint"),
});

/**
 * One vCard resource of the address book. `name` is the path segment the client chose (or ours);
 * `etag` is what the last sync saw, `seq` the change that last touched it. When the person goes
 * (deleted, merged away) the row stays as a tombstone with no person, so sync-collection reports it.
 * `extra` holds the card's properties the people core does not hold (PHOTO, IMPP, X-...), written
 * back on every GET so a client's data is never lost on the way through.
 */
export const davCard = sqliteTable(
  "dav_card",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id").references(() => connection.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    etag: text("etag").notNull().default(""),
    seq: integer("seq").notNull().default(0),
    deleted: integer("deleted", { mode: "boolean" }).notNull().default(false),
    extra: text("extra", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  },
  (t) => [
    uniqueIndex("dav_card_user_name_idx").on(t.userId, t.name),
    uniqueIndex("dav_card_connection_idx").on(t.connectionId),
    index("dav_card_user_seq_idx").on(t.userId, t.seq),
  ],
);

// Follow-through: the timeline per person, keep-in-touch rhythms, saved follow-up drafts, card analytics by source.

/**
 * What happened between the owner and one person: logged by hand (call, email, meeting, message, note)
 * or written by the people core when something happens (share-back, capture, saved card, merge, a sent
 * follow-up, a gift). `connection.last_contact_at` is the latest `occurred_at` here, kept in the same batch.
 */
export const interaction = sqliteTable(
  "interaction",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connection.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    // Who wrote it: "manual", "api", or the automatic source (share, scan, saved, merge, assistant, gift, earlier).
    source: text("source").notNull().default("manual"),
    occurredAt: integer("occurred_at", { mode: "timestamp_ms" }).notNull(),
    text: text("text").notNull().default(""),
    // What it refers to elsewhere (a gift id, a share-back id), for the caller that wrote it.
    ref: text("ref"),
    // Idempotency key: the same submission (double tap, API retry) is stored once.
    clientId: text("client_id"),
    // Who wrote a note (0064), and whether only they read it: a team member's note is private unless shared.
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    private: integer("private", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("interaction_author_idx").on(t.authorId),
    index("interaction_person_idx").on(t.userId, t.connectionId, t.occurredAt),
    uniqueIndex("interaction_user_client_idx").on(t.userId, t.clientId),
    // Migration 0023: the data download pages an owner's rows in rowid order.
    index("interaction_user_idx").on(t.userId),
  ],
);

/** A person's own keep-in-touch rhythm and snooze; people without a row follow their tags' rhythms. */
export const keepInTouch = sqliteTable(
  "keep_in_touch",
  {
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connection.id, { onDelete: "cascade" }),
    // null: no rhythm of their own (a tag's rhythm may still apply).
    every: text("every", { enum: ["weekly", "biweekly", "monthly", "quarterly", "yearly", "days"] }),
    days: integer("days"),
    // The owner's local day (YYYY-MM-DD) before which the person is not shown as due.
    snoozedUntil: text("snoozed_until"),
    // The due day a notification was written for, so the scheduler notifies once per due date.
    notifiedFor: text("notified_for"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.connectionId] })],
);

/** Keep-in-touch rhythms per tag ("every Donor quarterly"). */
export const tagRhythm = sqliteTable(
  "tag_rhythm",
  {
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    every: text("every", { enum: ["weekly", "biweekly", "monthly", "quarterly", "yearly", "days"] }).notNull(),
    days: integer("days"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] })],
);

/** The follow-up email drafted for a person: saved once, edited in place, never regenerated on view. */
export const followUpDraft = sqliteTable(
  "follow_up_draft",
  {
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connection.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    engine: text("engine", { enum: ["built-in", "workers-ai"] }).notNull(),
    edited: integer("edited", { mode: "boolean" }).notNull().default(false),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.connectionId] })],
);

/** Per card, day and source (qr, nfc, link, signature, wallet): counts only, nothing about visitors. */
export const cardSourceStat = sqliteTable(
  "card_source_stat",
  {
    cardId: integer("card_id")
      .notNull()
      .references(() => card.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    source: text("source").notNull(),
    views: integer("views").notNull().default(0),
    saves: integer("saves").notNull().default(0),
    shares: integer("shares").notNull().default(0),
    walletAdds: integer("wallet_adds").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.day, t.source] })],
);

// Plans and billing: one row per account says what it is entitled to (see app/lib/billing/plans.ts).
// A trial, a nonprofit grant, a complimentary grant and a Stripe subscription each give Pro while
// they last; without any of them the account is on Basic. Nothing here is ever read from the client.
export const accountPlan = sqliteTable(
  "account_plan",
  {
    // The workspace on the plan (decision 0237): an account's own, whose id is the account's, or a team's.
    userId: text("user_id")
      .primaryKey()
      .references(() => workspace.id, { onDelete: "cascade" }),
    // Set once: a trial is never started twice.
    trialEndsAt: integer("trial_ends_at", { mode: "timestamp_ms" }),
    trialRemindedAt: integer("trial_reminded_at", { mode: "timestamp_ms" }),
    trialEndedNoticeAt: integer("trial_ended_notice_at", { mode: "timestamp_ms" }),
    nonprofitEndsAt: integer("nonprofit_ends_at", { mode: "timestamp_ms" }),
    nonprofitRemindedAt: integer("nonprofit_reminded_at", { mode: "timestamp_ms" }),
    // Pro without an end, granted by an operator (the demo account).
    complimentary: integer("complimentary", { mode: "boolean" }).notNull().default(false),
    // The Stripe subscription, as its webhooks last described it.
    customerId: text("customer_id").unique(),
    subscriptionId: text("subscription_id").unique(),
    subscriptionStatus: text("subscription_status"),
    billingInterval: text("billing_interval", { enum: ["month", "year"] }),
    currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    // A failed renewal keeps Pro until this moment; the banner says so.
    graceEndsAt: integer("grace_ends_at", { mode: "timestamp_ms" }),
    // Stripe's `created` (seconds) of the last subscription event applied: an older one arriving late changes nothing.
    subscriptionEventAt: integer("subscription_event_at"),
    updatedAt: updatedAt(),
    // The members a team's subscription is billed for; null for a personal workspace (one seat).
    seats: integer("seats"),
    // Each recount of a team's seats takes the next version; the one last sent to the processor (decision 0253).
    seatsVersion: integer("seats_version").notNull().default(0),
    seatsSentVersion: integer("seats_sent_version").notNull().default(0),
  },
  (t) => [index("account_plan_trial_idx").on(t.trialEndsAt), index("account_plan_nonprofit_idx").on(t.nonprofitEndsAt)],
);

// Card Pro invoices as Stripe's webhooks reported them (invoice.paid / invoice.payment_failed).
export const billingInvoice = sqliteTable(
  "billing_invoice",
  {
    id: text("id").primaryKey(),
    // The workspace billed (decision 0237).
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    subscriptionId: text("subscription_id"),
    // Minor units (cents); a negative amount is a credit.
    amountDue: integer("amount_due").notNull(),
    amountPaid: integer("amount_paid").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: ["paid", "failed"] }).notNull(),
    reason: text("reason"),
    hostedUrl: text("hosted_url"),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("billing_invoice_user_idx").on(t.userId, t.issuedAt)],
);

// Nonprofit early adopters apply; an operator approves (3 months of Pro) or declines.
export const nonprofitApplication = sqliteTable(
  "nonprofit_application",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Who applied; the workspace the offer is for (decision 0254): their own, or a team they own or run.
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").references(() => workspace.id, { onDelete: "cascade" }),
    organisation: text("organisation").notNull(),
    country: text("country").notNull(),
    registrationNumber: text("registration_number").notNull(),
    website: text("website"),
    status: text("status", { enum: ["pending", "approved", "declined"] })
      .notNull()
      .default("pending"),
    decidedBy: text("decided_by"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("nonprofit_application_status_idx").on(t.status, t.createdAt),
    // One open application per workspace, held by the database rather than a check before the insert.
    uniqueIndex("nonprofit_application_one_pending").on(t.workspaceId).where(sql`status = 'pending'`),
  ],
);

// Organiser events (issue 25): public events people join with a pass, a directory each attendee opts
// into, exchanges between attendees and exhibitor leads. Separate from the owner's private `event` hubs.
export const orgEvent = sqliteTable(
  "org_event",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    // Wall-clock times in the event's own zone ("2030-05-01T09:00").
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    timeZone: text("time_zone").notNull(),
    type: text("type", { enum: ["in-person", "virtual", "hybrid"] })
      .notNull()
      .default("in-person"),
    venue: text("venue"),
    platform: text("platform"),
    url: text("url"),
    organiserName: text("organiser_name").notNull(),
    capacity: integer("capacity"),
    /** Each joiner waits for the organiser's approval before they get a pass (migration 0083). */
    approval: integer("approval", { mode: "boolean" }).notNull().default(false),
    /** Beyond the capacity, joiners wait in order for a place instead of being turned away (migration 0083). */
    waitlist: integer("waitlist", { mode: "boolean" }).notNull().default(false),
    // The organiser's own campaign this event raises for, named and linked on its public page (migration 0030).
    campaignId: text("campaign_id").references((): AnySQLiteColumn => campaign.id, { onDelete: "set null" }),
    state: text("state", { enum: ["open", "closed", "archived"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("org_event_slug_idx").on(t.slug),
    index("org_event_user_idx").on(t.userId, t.startsAt),
    index("org_event_state_start_idx").on(t.state, t.startsAt),
  ],
);

export const orgAttendee = sqliteTable(
  "org_attendee",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    /** Lower-cased: one attendee per email per event. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    company: text("company"),
    title: text("title"),
    interests: text("interests").notNull().default(""),
    phone: text("phone"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    cardId: integer("card_id").references(() => card.id, { onDelete: "set null" }),
    /** Secret: opens the attendee's own pass. */
    passToken: text("pass_token").notNull(),
    /** Public: what the pass QR carries, so a scan never hands over the pass itself. */
    badgeCode: text("badge_code").notNull(),
    listed: integer("listed", { mode: "boolean" }).notNull().default(false),
    visibility: text("visibility", { enum: ["everyone", "exchanged"] })
      .notNull()
      .default("everyone"),
    leadRights: text("lead_rights", { enum: ["none", "one-way", "two-way"] })
      .notNull()
      .default("none"),
    goals: text("goals").notNull().default(""),
    /** When the pass was last mailed (ms): a join of a known address re-mails it at most once an hour. */
    passMailedAt: integer("pass_mailed_at"),
    /** The language they joined in (a catalog code), for their pass and event mail; null reads English. */
    locale: text("locale"),
    /** Going (has a pass), pending approval, on the waitlist, or declined by the organiser (migration 0083). */
    state: text("state", { enum: ["going", "pending", "waitlist", "declined"] })
      .notNull()
      .default("going"),
    /** The booth an exhibitor's pass scans into (decision 0250): set by its first scan as a stand. */
    boothId: integer("booth_id").references((): AnySQLiteColumn => orgBooth.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("org_attendee_event_email_idx").on(t.eventId, t.email),
    index("org_attendee_event_state_idx").on(t.eventId, t.state, t.id),
    uniqueIndex("org_attendee_pass_idx").on(t.passToken),
    uniqueIndex("org_attendee_badge_idx").on(t.badgeCode),
    index("org_attendee_event_name_idx").on(t.eventId, t.listed, t.name),
    index("org_attendee_user_idx").on(t.userId, t.eventId),
  ],
);

/** Each directory choice an attendee made, with what they were shown: kept, never overwritten. */
export const orgConsent = sqliteTable(
  "org_consent",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    attendeeId: integer("attendee_id"),
    email: text("email").notNull(),
    listed: integer("listed", { mode: "boolean" }).notNull(),
    visibility: text("visibility").notNull(),
    shown: text("shown").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("org_consent_event_idx").on(t.eventId, t.email)],
);

/**
 * Between two attendees: "exchange" (both ways, from_id < to_id) and "request" (a Connect awaiting the
 * other side). An exhibitor's scan is a lead of its booth (`org_lead`, migration 0077).
 */
export const orgExchange = sqliteTable(
  "org_exchange",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    fromId: integer("from_id")
      .notNull()
      .references(() => orgAttendee.id, { onDelete: "cascade" }),
    toId: integer("to_id")
      .notNull()
      .references(() => orgAttendee.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["exchange", "request"] }).notNull(),
    state: text("state").notNull().default("done"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("org_exchange_pair_idx").on(t.eventId, t.kind, t.fromId, t.toId),
    index("org_exchange_to_idx").on(t.toId),
  ],
);

/**
 * A stand at one event (decision 0250): one per event and workspace, so a team's staff scan into one list and
 * a single exhibitor is a booth of their personal workspace. A booth with no workspace is a pass no account
 * held when leads moved here (migration 0077).
 */
export const orgBooth = sqliteTable(
  "org_booth",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").references(() => workspace.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("org_booth_event_workspace_idx").on(t.eventId, t.workspaceId),
    index("org_booth_workspace_idx").on(t.workspaceId),
  ],
);

/** One lead per booth and attendee, however many staff scan them: the unique key, not a check, keeps it one. */
export const orgLead = sqliteTable(
  "org_lead",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    boothId: integer("booth_id")
      .notNull()
      .references(() => orgBooth.id, { onDelete: "cascade" }),
    attendeeId: integer("attendee_id")
      .notNull()
      .references(() => orgAttendee.id, { onDelete: "cascade" }),
    rating: integer("rating"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("org_lead_booth_attendee_idx").on(t.eventId, t.boothId, t.attendeeId),
    index("org_lead_attendee_idx").on(t.attendeeId),
    index("org_lead_booth_idx").on(t.boothId, t.createdAt),
  ],
);

/**
 * Each staff member's scan of a lead and the notes they wrote, one row per staff pass: "noted by" names them,
 * and the name is kept should the account go.
 */
export const orgLeadNote = sqliteTable(
  "org_lead_note",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => orgLead.id, { onDelete: "cascade" }),
    staffId: integer("staff_id").references(() => orgAttendee.id, { onDelete: "set null" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("org_lead_note_staff_idx").on(t.leadId, t.staffId),
    index("org_lead_note_author_idx").on(t.authorId),
  ],
);

/**
 * A booth's qualifying question: a 1-5 rating, one choice from its options (interest, timeframe) or free text.
 * Options are a JSON array of strings.
 */
export const orgLeadQuestion = sqliteTable(
  "org_lead_question",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    boothId: integer("booth_id")
      .notNull()
      .references(() => orgBooth.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["rating", "choice", "text"] }).notNull(),
    label: text("label").notNull(),
    options: text("options").notNull().default("[]"),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("org_lead_question_booth_idx").on(t.boothId, t.position)],
);

/** One answer per lead and question: a second scan of the same attendee replaces it, never adds one. */
export const orgLeadAnswer = sqliteTable(
  "org_lead_answer",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => orgLead.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => orgLeadQuestion.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("org_lead_answer_lead_question_idx").on(t.leadId, t.questionId),
    index("org_lead_answer_question_idx").on(t.questionId),
  ],
);

/**
 * A meeting one attendee asks another for: a wall-clock time on the event's own clock, a place, and the
 * answer. The uid is the meeting's calendar identity in both people's feeds; the slot is unique so a
 * double submit stores one request.
 */
export const orgMeeting = sqliteTable(
  "org_meeting",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    fromId: integer("from_id")
      .notNull()
      .references(() => orgAttendee.id, { onDelete: "cascade" }),
    toId: integer("to_id")
      .notNull()
      .references(() => orgAttendee.id, { onDelete: "cascade" }),
    startsAt: text("starts_at").notNull(),
    minutes: integer("minutes").notNull().default(30),
    place: text("place").notNull(),
    note: text("note").notNull().default(""),
    state: text("state", { enum: ["pending", "accepted", "declined", "cancelled"] })
      .notNull()
      .default("pending"),
    uid: text("uid").notNull(),
    /** The organiser's slot it is booked in (migration 0059); null for a meeting at a time and place of its own. */
    slotId: integer("slot_id").references((): AnySQLiteColumn => orgMeetingSlot.id, { onDelete: "set null" }),
    /** When both people were reminded of it, once accepted (ms). */
    remindedAt: integer("reminded_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("org_meeting_uid_idx").on(t.uid),
    uniqueIndex("org_meeting_slot_idx").on(t.fromId, t.toId, t.startsAt),
    index("org_meeting_to_idx").on(t.toId, t.state),
    uniqueIndex("org_meeting_live_slot_idx")
      .on(t.slotId)
      .where(sql`slot_id is not null and state in ('pending', 'accepted')`),
  ],
);

/** A time at a table or room the organiser opens for meetings (migration 0059). */
export const orgMeetingSlot = sqliteTable(
  "org_meeting_slot",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    startsAt: text("starts_at").notNull(),
    minutes: integer("minutes").notNull(),
    place: text("place").notNull(),
  },
  (t) => [uniqueIndex("org_meeting_slot_place_idx").on(t.eventId, t.startsAt, t.place)],
);

/** The slot times an attendee said they are free for meetings; none means any time they are free. */
export const orgAvailability = sqliteTable(
  "org_availability",
  {
    attendeeId: integer("attendee_id")
      .notNull()
      .references(() => orgAttendee.id, { onDelete: "cascade" }),
    startsAt: text("starts_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.attendeeId, t.startsAt] })],
);

// An organiser event's programme (migration 0057): tracks, sessions on the event's own clock, speakers (an
// attendee may be one) and each attendee's schedule. Triggers refuse a room booked twice and a seat too many.
export const orgTrack = sqliteTable(
  "org_track",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("org_track_event_name_idx").on(t.eventId, t.name)],
);

export const orgSession = sqliteTable(
  "org_session",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    // Wall-clock times in the event's own zone, as the event's ("2030-05-01T09:00").
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    room: text("room"),
    capacity: integer("capacity"),
    trackId: integer("track_id").references(() => orgTrack.id, { onDelete: "set null" }),
    /** The session's calendar identity in every file and feed. */
    uid: text("uid").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("org_session_uid_idx").on(t.uid), index("org_session_event_start_idx").on(t.eventId, t.startsAt)],
);

export const orgSessionSpeaker = sqliteTable(
  "org_session_speaker",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sessionId: integer("session_id")
      .notNull()
      .references(() => orgSession.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    attendeeId: integer("attendee_id").references(() => orgAttendee.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("org_session_speaker_session_idx").on(t.sessionId, t.position),
    index("org_session_speaker_attendee_idx").on(t.attendeeId),
  ],
);

export const orgSchedule = sqliteTable(
  "org_schedule",
  {
    sessionId: integer("session_id")
      .notNull()
      .references(() => orgSession.id, { onDelete: "cascade" }),
    attendeeId: integer("attendee_id")
      .notNull()
      .references(() => orgAttendee.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.attendeeId] }), index("org_schedule_attendee_idx").on(t.attendeeId)],
);

/** An attendee let in at the door (migration 0068): one row per attendee, the first scan's time and scanner. */
export const orgCheckin = sqliteTable(
  "org_checkin",
  {
    attendeeId: integer("attendee_id")
      .primaryKey()
      .references(() => orgAttendee.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    checkedAt: integer("checked_at", { mode: "timestamp_ms" }).notNull(),
    byUser: text("by_user").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [index("org_checkin_event_idx").on(t.eventId, t.checkedAt)],
);

/**
 * A door scan's client-made key (migration 0090): a scan queued offline and sent again lets in once, and a key is
 * good for one event only. `claim` marks the request whose insert made the key: only it checks the attendee in.
 */
export const orgDoorScan = sqliteTable(
  "org_door_scan",
  {
    key: text("key").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    attendeeId: integer("attendee_id").references(() => orgAttendee.id, { onDelete: "set null" }),
    claim: text("claim").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("org_door_scan_event_idx").on(t.eventId)],
);

/**
 * Requests (Connect, meetings) not yet mailed to the asked attendee, and when their last such mail went
 * (migration 0058): one mail per address per window, a digest of what came in between.
 */
export const orgRequestMail = sqliteTable(
  "org_request_mail",
  {
    attendeeId: integer("attendee_id")
      .primaryKey()
      .references(() => orgAttendee.id, { onDelete: "cascade" }),
    pending: integer("pending").notNull().default(0),
    /** How many requests the last mail told of. */
    mailed: integer("mailed").notNull().default(0),
    lastSentAt: integer("last_sent_at"),
    origin: text("origin").notNull(),
  },
  (t) => [index("org_request_mail_due_idx").on(t.lastSentAt).where(sql`pending > 0`)],
);

// Writes that may happen once (docs/decisions/0026): the claim row is inserted in the write's own batch,
// so of two concurrent writes the second fails whole on the primary key.
export const writeClaim = sqliteTable(
  "write_claim",
  {
    key: text("key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("write_claim_user_idx").on(t.userId, t.createdAt)],
);

// Mailings (issue 28): one row per mailing, one per (mailing, address) so nobody is mailed twice.
export const MAILING_STATUSES = ["draft", "scheduled", "sending", "sent", "cancelled"] as const;
export const mailing = sqliteTable(
  "mailing",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    // The audience's rules as the owner chose them (app/lib/mailings/rules.ts AudienceRules).
    audience: text("audience", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    campaignId: text("campaign_id"),
    status: text("status", { enum: MAILING_STATUSES }).notNull().default("draft"),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    recipients: integer("recipients").notNull().default(0),
    // The site's address the links in each message start with (the queue consumer has no request).
    origin: text("origin").notNull().default(""),
    // The compose form's one-time key: a double click or resubmission finds the mailing already made.
    clientKey: text("client_key").notNull(),
    // Set when an organiser mails the attendees of this event who agreed to hear from them.
    orgEventId: integer("org_event_id").references(() => orgEvent.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("mailing_user_created_idx").on(t.userId, t.createdAt),
    uniqueIndex("mailing_user_key_idx").on(t.userId, t.clientKey),
    index("mailing_status_scheduled_idx").on(t.status, t.scheduledAt),
  ],
);

export const RECIPIENT_STATUSES = ["queued", "sending", "sent", "delivered", "bounced", "failed", "skipped"] as const;
export const mailingRecipient = sqliteTable(
  "mailing_recipient",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    mailingId: integer("mailing_id")
      .notNull()
      .references(() => mailing.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id").references(() => connection.id, { onDelete: "set null" }),
    // Lower-cased; unique per mailing, so a retry, double click or redelivery cannot add a second message.
    email: text("email").notNull(),
    status: text("status", { enum: RECIPIENT_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    providerId: text("provider_id"),
    error: text("error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
    bouncedAt: integer("bounced_at", { mode: "timestamp_ms" }),
    clickedAt: integer("clicked_at", { mode: "timestamp_ms" }),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
    // An organiser mailing's attendee (never one of the organiser's own people).
    attendeeId: integer("attendee_id").references(() => orgAttendee.id, { onDelete: "set null" }),
    /** Until when (ms) the queue message or the claiming sender answers for this row; then the sweeper re-queues it. */
    leaseUntil: integer("lease_until"),
    /** The claim that took the row to sending: an expired claim's rows go back as the same group (same idempotency key). */
    claim: text("claim"),
    // "You get this because …", from the consent or basis the message is sent under (migration 0032).
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mailing_recipient_email_idx").on(t.mailingId, t.email),
    index("mailing_recipient_lease_idx").on(t.status, t.leaseUntil),
    index("mailing_recipient_person_idx").on(t.userId, t.connectionId),
    index("mailing_recipient_provider_idx").on(t.providerId),
    index("mailing_recipient_day_idx").on(t.userId, t.createdAt),
  ],
);

/** Addresses an owner may never mail again: unsubscribed, bounced or complained. */
/** The mail provider's webhook event ids, recorded in the batch of the event's effects: a replay changes nothing. */
export const mailEvent = sqliteTable("mail_event", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

export const mailSuppression = sqliteTable(
  "mail_suppression",
  {
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    reason: text("reason", { enum: ["unsubscribed", "bounced", "complained"] }).notNull(),
    mailingId: integer("mailing_id"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.email] })],
);

/** Each click through our signed redirect. */
export const mailingClick = sqliteTable(
  "mailing_click",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    recipientId: integer("recipient_id")
      .notNull()
      .references(() => mailingRecipient.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mailing_click_recipient_idx").on(t.recipientId)],
);

/** Gifts that came through a mailing's campaign link, by the gift's own once-only key. */
export const mailingGift = sqliteTable(
  "mailing_gift",
  {
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    giftKey: text("gift_key").notNull(),
    mailingId: integer("mailing_id")
      .notNull()
      .references(() => mailing.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.giftKey] }), index("mailing_gift_mailing_idx").on(t.mailingId)],
);

/**
 * Whether an attendee agreed to hear from the event's organiser, with what they were shown: kept, never
 * overwritten; the latest record per (event, email) decides. An unsubscribe or complaint adds a withdrawal.
 */
export const orgMailConsent = sqliteTable(
  "org_mail_consent",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    attendeeId: integer("attendee_id"),
    email: text("email").notNull(),
    given: integer("given", { mode: "boolean" }).notNull(),
    source: text("source", { enum: ["join", "settings", "unsubscribe", "complaint"] }).notNull(),
    shown: text("shown").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("org_mail_consent_event_idx").on(t.eventId, t.email, t.id)],
);

/**
 * Each owner's number of people and a version that moves with every add, removal, or change of tags or event:
 * kept by triggers on `connection` (migrations/0027_people_stats.sql), in the same transaction as each write,
 * so the people list reads its total and checks its cached filter menus by primary key instead of rescanning.
 */
export const peopleStats = sqliteTable("people_stats", {
  userId: text("user_id")
    .primaryKey()
    .references(() => workspace.id, { onDelete: "cascade" }),
  people: integer("people").notNull().default(0),
  version: integer("version").notNull().default(0),
  // Migration 0094: how many of them are shared with the team, which every member sees (decision 0278).
  shared: integer("shared").notNull().default(0),
});

/**
 * A team member's number of the workspace's unshared people they own or met (each person once), kept by triggers on
 * `connection` (migrations/0094_member_people_count.sql) as `people_stats` is: with `people_stats.shared` it is the
 * total of a member who does not see all, read by primary key instead of counting (decision 0278).
 */
export const memberPeople = sqliteTable(
  "member_people",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    people: integer("people").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/**
 * A column mapping saved in the contacts import (decision 0178): the header as written and the field chosen
 * for each column, keyed by the header's layout, so the next file with the same header is read the same way.
 */
export const importMapping = sqliteTable(
  "import_mapping",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    layoutKey: text("layout_key").notNull(),
    headers: text("headers", { mode: "json" }).$type<string[]>().notNull(),
    fields: text("fields", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("import_mapping_user_layout_idx").on(t.userId, t.layoutKey)],
);

/**
 * Matchmaking by intent (migration 0084): the organiser's short list of things attendees look for and offer,
 * in the organiser's order.
 */
export const orgIntentOption = sqliteTable(
  "org_intent_option",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
  },
  (t) => [uniqueIndex("org_intent_option_event_idx").on(t.eventId, t.position)],
);

/** What an attendee looks for (`need`) and offers (`offer`): one row per word, `tag` its comparable form. */
export const orgIntent = sqliteTable(
  "org_intent",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    attendeeId: integer("attendee_id")
      .notNull()
      .references(() => orgAttendee.id, { onDelete: "cascade" }),
    side: text("side", { enum: ["need", "offer"] }).notNull(),
    tag: text("tag").notNull(),
    label: text("label").notNull(),
  },
  (t) => [
    uniqueIndex("org_intent_attendee_idx").on(t.attendeeId, t.side, t.tag),
    index("org_intent_match_idx").on(t.eventId, t.tag, t.side, t.attendeeId),
  ],
);

/**
 * A question the organiser asks on the event's join form (migration 0082): short text, one choice from its
 * options (a JSON array) or yes/no; a required one must be answered to join.
 */
export const orgRegQuestion = sqliteTable(
  "org_reg_question",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => orgEvent.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["text", "choice", "yesno"] }).notNull(),
    label: text("label").notNull(),
    options: text("options").notNull().default("[]"),
    required: integer("required", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("org_reg_question_event_idx").on(t.eventId, t.position)],
);

/** An attendee's answer to a registration question, written in the join's batch: one per attendee and question. */
export const orgRegAnswer = sqliteTable(
  "org_reg_answer",
  {
    attendeeId: integer("attendee_id")
      .notNull()
      .references(() => orgAttendee.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => orgRegQuestion.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.attendeeId, t.questionId] }), index("org_reg_answer_question_idx").on(t.questionId)],
);
