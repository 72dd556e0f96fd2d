import type { Action, Resource } from "@taller/core";
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companyId, createdAt, tenantKey, tenantRef, updatedAt } from "./_columns";

export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  // One name per company whatever its case: "asesor" beside "Asesor" would be the same role to a user.
  (t) => [uniqueIndex("roles_company_name_idx").on(t.companyId, sql`lower(${t.name})`), tenantKey(t)],
);

/**
 * A role's grants. No company_id of its own: a grant belongs to its role alone and points at nothing else a tenant
 * owns, so there is no second reference that could disagree with the role's company.
 */
export const rolePermissions = pgTable(
  "role_permissions",
  {
    id: serial("id").primaryKey(),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    action: text("action").$type<Action>().notNull(),
    resource: text("resource").$type<Resource>().notNull(),
    // The grant covers only records the user owns (e.g. a Técnico's own bookings).
    restrictedToOwn: boolean("restricted_to_own").notNull().default(false),
  },
  (t) => [uniqueIndex("role_permissions_unique_idx").on(t.roleId, t.action, t.resource)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    roleId: integer("role_id"),
    name: text("name").notNull(),
    // Login is by e-mail alone, so it is unique across tenants (stored lower-cased).
    email: text("email").notNull().unique(),
    phone: text("phone"),
    rut: text("rut"),
    passwordHash: text("password_hash").notNull(),
    workpointCodeHash: text("workpoint_code_hash"),
    picture: text("picture"),
    theme: text("theme").notNull().default("sky"),
    online: boolean("online").notNull().default(false),
    totpSecret: text("totp_secret"),
    totpEnabled: boolean("totp_enabled").notNull().default(false),
    // Last accepted TOTP time step: a code is usable once.
    totpLastStep: integer("totp_last_step"),
    // Set by an administrator (@taller/admin): the user can no longer log in and their sessions were ended.
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("users_company_idx").on(t.companyId), tenantKey(t), tenantRef(t, t.roleId, roles, "set null")],
);

/**
 * One-time links an administrator hands to a new user to choose their password (@taller/admin). Only the token's
 * SHA-256 is kept; `used_at` is set by a conditional update, so two tabs opening the same link cannot both use it.
 */
export const userInvitations = pgTable(
  "user_invitations",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    userId: integer("user_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("user_invitations_user_idx").on(t.userId), tenantRef(t, t.userId, users, "cascade")],
);

/**
 * lucia's sessions. No company_id: a session is its user's and its company is read through the user, one path
 * only. `unique (user_id, id)` lets user_devices bind a device to a session of the same user.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    // Fixed at creation: the absolute lifetime is measured from here, whatever the sliding expiry says.
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    kind: text("kind").$type<"staff" | "kiosk">().notNull().default("staff"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), unique("sessions_user_id_id_key").on(t.userId, t.id)],
);

/** A browser's PushSubscription as its toJSON() gives it (keys base64url), validated by @taller/push. */
export interface PushSubscriptionToken {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export const userDevices = pgTable(
  "user_devices",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    userId: integer("user_id").notNull(),
    sessionId: text("session_id").notNull().unique(),
    deviceType: text("device_type").notNull().default("Unknown"),
    os: text("os"),
    browser: text("browser"),
    /** The browser's PushSubscription (endpoint and keys) when this device accepted notifications (@taller/push). */
    notificationToken: jsonb("notification_token").$type<PushSubscriptionToken>(),
    // The kiosk screen a kiosk session was opened on: revoking that screen ends the session (workpoint.devices.revoke).
    workpointTokenId: integer("workpoint_token_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("user_devices_user_idx").on(t.userId),
    // One browser endpoint belongs to one device: the last session that subscribed it (a shared browser changes hands).
    uniqueIndex("user_devices_push_endpoint_idx").on(sql`(${t.notificationToken} ->> 'endpoint')`),
    tenantRef(t, t.userId, users, "cascade"),
    tenantRef(t, t.workpointTokenId, workpointTokens, "set null"),
    index("user_devices_workpoint_token_idx").on(t.workpointTokenId),
    // The device's session is its user's own: revoking a device can never end someone else's session.
    foreignKey({
      name: "user_devices_session_id_user_fk",
      columns: [t.userId, t.sessionId],
      foreignColumns: [sessions.userId, sessions.id],
    }).onDelete("cascade"),
  ],
);

export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    /** Set when a success of the account ends its run of failures in a row; the windows still count the row. */
    streakEnded: boolean("streak_ended").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_failures_email_idx").on(t.email, t.createdAt),
    index("login_failures_ip_idx").on(t.ip, t.createdAt),
  ],
);

/**
 * Rate limits that must hold across server processes (packages/trpc hitRateLimit): hits per key in fixed windows
 * that start on multiples of their length. A row is one key's window; old windows are pruned.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_hits_window_idx").on(t.windowStart)],
);

/** Tokens that open one document to someone without a staff session (client booking, provider pages, zip links). */
export const documentTokens = pgTable(
  "document_tokens",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    kind: text("kind")
      .$type<"crm_token" | "access_token" | "zip_token" | "payment_token" | "budget_token" | "invoice_token">()
      .notNull(),
    // sha-256 of the token: a leaked table does not leak usable links
    tokenHash: text("token_hash").notNull().unique(),
    documentType: text("document_type").notNull(),
    documentId: integer("document_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("document_tokens_document_idx").on(t.companyId, t.documentType, t.documentId)],
);

/** Shared-screen devices allowed to run the work-point kiosk. */
export const workpointTokens = pgTable(
  "workpoint_tokens",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t)],
);

/** Platform operators: a separate population from staff users, with mandatory TOTP. */
export const managerUsers = pgTable("manager_users", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  totpSecret: text("totp_secret").notNull(),
  totpLastStep: integer("totp_last_step"),
  createdAt: createdAt(),
});

export const managerSessions = pgTable("manager_sessions", {
  id: text("id").primaryKey(),
  managerUserId: integer("manager_user_id")
    .notNull()
    .references(() => managerUsers.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  createdAt: createdAt(),
});

/** Realtime events persisted before they are published, so a reconnecting subscriber resumes from its last id. */
export const realtimeEvents = pgTable(
  "realtime_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // null: a platform-wide event (a new version, a session ended)
    companyId: integer("company_id"),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("realtime_events_company_idx").on(t.companyId, t.id),
    // The notification catch-up reads these in id order (packages/messaging document-notifications.ts).
    index("realtime_events_notification_idx")
      .on(t.id)
      .where(sql`${t.type} = 'notification.requested'`),
  ],
);

/** Files in the local store (or a reference to the remote store): pictures, attachments, imported spreadsheets. */
export const files = pgTable(
  "files",
  {
    id: text("id").primaryKey(),
    companyId: companyId(),
    userId: integer("user_id"),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("files_size_positive", sql`${t.size} > 0`),
    index("files_company_idx").on(t.companyId),
    tenantRef(t, t.userId, users, "set null"),
  ],
);

/**
 * A file being uploaded in chunks (POST /files/uploads, apps/server/src/files/uploads.ts): a dropped connection
 * resumes at `received`. The chunks live in the file store under `uploads/<id>/<start>` until the last one arrives;
 * then the whole file is checked and stored as any upload (`file_id`), and the row stays a day so a client that lost
 * that answer can still read it. Rows idle for a day are swept with their chunks (the 'file-uploads' job).
 */
export const fileUploads = pgTable(
  "file_uploads",
  {
    id: text("id").primaryKey(),
    companyId: companyId(),
    userId: integer("user_id").notNull(),
    purpose: text("purpose").notNull(),
    contentType: text("content_type").notNull(),
    name: text("name").notNull(),
    length: integer("length").notNull(),
    received: integer("received").notNull().default(0),
    chunkStarts: integer("chunk_starts")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    fileId: text("file_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("file_uploads_length_positive", sql`${t.length} > 0`),
    check("file_uploads_received_within", sql`${t.received} BETWEEN 0 AND ${t.length}`),
    index("file_uploads_updated_idx").on(t.updatedAt),
    tenantRef(t, t.userId, users, "cascade"),
  ],
);

/**
 * Stored bytes whose rows are gone: a deleted company's files and thumbnails, the chunks of a deleted upload (its
 * user's or company's deletion, or the sweep of abandoned ones). Triggers on `files` and `file_uploads` queue the
 * keys in the deleting transaction; the 'file-store' job removes them from the store (disk or S3), which no
 * transaction reaches, and then the rows.
 */
export const fileStoreRemovals = pgTable("file_store_removals", {
  key: text("key").primaryKey(),
  createdAt: createdAt(),
});

export type RealtimeEventRow = typeof realtimeEvents.$inferSelect;
export type UserRow = typeof users.$inferSelect;
