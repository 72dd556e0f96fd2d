import { randomBytes } from "node:crypto";
import type { DocumentNotification } from "@taller/core";
import type { Database, Db } from "@taller/db";
import type { DemoFixtures } from "@taller/db/seed";
import { createSeededDatabase, type SeededTestDatabase } from "@taller/testing";
import { managerSessions, managerUsers, realtimeEvents, sessions, users } from "@taller/db";
import { TRPCError } from "@trpc/server";
import { and, eq, sql } from "drizzle-orm";
import type { Context } from "../src/context";
import { beforeAll, beforeEach, expect } from "vitest";
import { fieldErrorsFromIssues, issuesOf } from "../src/errors";
import { createEventBus, type EventBus } from "../src/events";
import { resetRateLimiters } from "../src/rate-limit";
import { loadSessionUser } from "../src/session-user";

export * from "./procedure-cases";

export interface TestContext extends Context {
  /** Set-Cookie values the procedures produced. */
  cookies: string[];
}

/** An anonymous context, as a visitor's HTTP request would build it. */
export function anonymousContext(database: Database, bus: EventBus, ip = "127.0.0.1"): TestContext {
  const cookies: string[] = [];
  return {
    db: database.db,
    bus,
    ip,
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
    secure: false,
    session: null,
    user: null,
    managerSession: null,
    workpointToken: null,
    appVersion: "test",
    setCookie: (c) => cookies.push(c),
    cookies,
  };
}

/** A logged-in staff context for the user with this e-mail, backed by a real session row. */
export async function staffContext(database: Database, bus: EventBus, email: string): Promise<TestContext> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`no user ${email}`);
  const user = await loadSessionUser(database.db, row.id);
  const id = randomBytes(20).toString("hex");
  await database.db.insert(sessions).values({ id, userId: row.id, expiresAt: new Date(Date.now() + 86400_000) });
  return { ...anonymousContext(database, bus), session: { id, kind: "staff" }, user };
}

/**
 * A work-point kiosk context: a kiosk session of the user with this e-mail on the device whose token is `token` (the
 * kiosk sends it as x-workpoint-token), as the kiosk screen's requests build it.
 */
export async function kioskContext(
  database: Database,
  bus: EventBus,
  email: string,
  token: string | null,
): Promise<TestContext> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`no user ${email}`);
  const user = await loadSessionUser(database.db, row.id);
  const id = randomBytes(20).toString("hex");
  await database.db
    .insert(sessions)
    .values({ id, userId: row.id, expiresAt: new Date(Date.now() + 86400_000), kind: "kiosk" });
  return { ...anonymousContext(database, bus), session: { id, kind: "kiosk" }, user, workpointToken: token };
}

/**
 * A platform operator's context: an operator (created on first use) in a fresh operator session. The operator has
 * no usable password or authenticator: only tests reach it.
 */
export async function managerContext(database: Database, bus: EventBus): Promise<TestContext> {
  const email = "operador@test.invalid";
  await database.db
    .insert(managerUsers)
    .values({ email, name: "Operador de prueba", passwordHash: "-", totpSecret: "-" })
    .onConflictDoNothing();
  const [operator] = await database.db
    .select({ id: managerUsers.id })
    .from(managerUsers)
    .where(eq(managerUsers.email, email));
  if (!operator) throw new Error("no operator");
  const id = randomBytes(32).toString("hex");
  await database.db
    .insert(managerSessions)
    .values({ id, managerUserId: operator.id, expiresAt: new Date(Date.now() + 3600_000) });
  return { ...anonymousContext(database, bus), managerSession: { id, managerUserId: operator.id } };
}

/**
 * One seeded database ("Taller Demo" and "Otro Taller") and event bus per test file, created before its tests and
 * dropped after them. Call at the top level of a test file.
 */
export function useSeededApp() {
  let tdb: SeededTestDatabase;
  let bus: EventBus;
  // The teardown is beforeAll's own answer: a setup that failed registers none, so its error is the one reported.
  beforeAll(async () => {
    tdb = await createSeededDatabase();
    bus = createEventBus(tdb.database);
    return async () => {
      await bus.close();
      await tdb.drop();
    };
  });
  // Each test starts in fresh rate-limit windows (chat sends, push coalescing), in the database and in memory: a
  // file's tests share one database, and test files share a process.
  beforeEach(async () => {
    resetRateLimiters();
    await tdb.database.db.execute(sql`DELETE FROM rate_limit_hits`);
  });
  return {
    fx: (): DemoFixtures => tdb.fx,
    database: () => tdb.database,
    db: () => tdb.database.db,
    bus: () => bus,
    /** A logged-in context for the user with this e-mail, through a fresh session. */
    staff: (email: string) => staffContext(tdb.database, bus, email),
    /** A kiosk session of the user with this e-mail on the device with this token (see kioskContext). */
    kiosk: (email: string, token: string | null) => kioskContext(tdb.database, bus, email, token),
    anonymous: () => anonymousContext(tdb.database, bus),
    /** A platform operator's session (see managerContext). */
    manager: () => managerContext(tdb.database, bus),
  };
}

/** Every page of a cursor-paged list, following `next_cursor` (at most `max` pages, so a loop cannot run away). */
export async function allPages<P extends { next_cursor: string | null }>(
  fetchPage: (cursor: string | null) => Promise<P>,
  max = 100,
): Promise<P[]> {
  const pages: P[] = [];
  let cursor: string | null = null;
  do {
    const page = await fetchPage(cursor);
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor && pages.length < max);
  return pages;
}

/**
 * The companies of the `notification.requested` events written for this notification and document (one entry per
 * event): what a domain asked @taller/messaging to send.
 */
export async function notificationRequests(
  db: Db,
  notification: DocumentNotification,
  documentId: number,
): Promise<(number | null)[]> {
  const rows = await db
    .select({ companyId: realtimeEvents.companyId })
    .from(realtimeEvents)
    .where(
      and(
        eq(realtimeEvents.type, "notification.requested"),
        sql`${realtimeEvents.payload} = ${JSON.stringify({ notification, documentId })}::jsonb`,
      ),
    );
  return rows.map((r) => r.companyId);
}

/** The error a call throws (it must throw a TRPCError), with its field errors as the client sees them. */
export async function callFailure(
  call: Promise<unknown>,
): Promise<{ code: string; message: string; fields: Record<string, string[]> }> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const e = error as TRPCError;
  const issues = (e.cause as { issues?: { path: string[]; message: string }[] } | undefined)?.issues ?? [];
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[issue.path.join(".")] ??= []).push(issue.message);
  return { code: e.code, message: e.message, fields };
}

/** A rejection's code and its field messages, as the form receives them (it must be a TRPCError). */
export function refusalOf(error: unknown): { code: string; fields: Record<string, string[]> } {
  expect(error).toBeInstanceOf(TRPCError);
  const e = error as TRPCError;
  return { code: e.code, fields: fieldErrorsFromIssues(issuesOf(e.cause) ?? []).fieldErrors };
}

/** The refusal of a call that must fail (see refusalOf). */
export async function refusal(call: Promise<unknown>) {
  return refusalOf(
    await call.then(
      () => null,
      (e: unknown) => e,
    ),
  );
}
