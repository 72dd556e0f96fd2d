// The kiosk's own calls (seed 000 section 2.9): the device's token check, and the works of the user who entered
// their code on it. Logging in and out start and end sessions, so they live with the sessions in @taller/auth.
import { companyPreferencesSchema, companyTerms, resumableStreamInput, type RealtimeEventType } from "@taller/core";
import { companies, workpointTokens } from "@taller/db";
import { kioskProcedure, publicProcedure, sha256, tracked } from "@taller/trpc";
import { eq, sql } from "drizzle-orm";
import { workIdInput } from "./inputs";
import { ownWorksOf } from "./own-works";
import { moveWork } from "./transitions";

/** Longer than any token a device is given (43 characters): refused before it is hashed. */
const MAX_TOKEN_LENGTH = 200;

/**
 * 'Work-point code validation' (seed 000 section 7): whether the stored token opens a device, and what the kiosk
 * needs before anyone logs in (the company's name, its inactivity logout time). Public: the token is the credential.
 */
export const check = publicProcedure.query(async ({ ctx }) => {
  const token = ctx.workpointToken;
  if (!token || token.length > MAX_TOKEN_LENGTH) return { ok: false as const };
  const [device] = await ctx.db
    .select({ name: workpointTokens.name, company: companies.name, preferences: companies.preferences })
    .from(workpointTokens)
    .innerJoin(companies, eq(companies.id, workpointTokens.companyId))
    .where(eq(workpointTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!device) return { ok: false as const };
  return {
    ok: true as const,
    device: device.name,
    company: device.company,
    workpoint_logout_time: device.preferences.workpoint_logout_time,
    // The works name their documents in the company's words, as on the staff screens.
    terms: companyTerms(companyPreferencesSchema.parse(device.preferences).terms),
  };
});

/** The user at the kiosk (a kiosk session on this device's company). */
export const me = kioskProcedure.query(({ ctx }) => ({ id: ctx.user.id, name: ctx.user.name }));

/** The kiosk's works screen: the user's open works, latest first. */
export const works = kioskProcedure.query(({ ctx }) => ownWorksOf(ctx.db, ctx.companyId, ctx.user.id));

/** What changes the kiosk's works: a work requested, started, completed or assigned, or its order moved. */
const KIOSK_EVENTS: ReadonlySet<RealtimeEventType> = new Set(["work.changed", "work.assigned", "order.changed"]);

/**
 * The kiosk's live feed (over the WebSocket, where the device token comes with the connection's parameters): the
 * company's events that change its works, after `lastEventId` then live. Ids only; the screen refetches its works.
 */
export const onChange = kioskProcedure.input(resumableStreamInput).subscription(async function* ({
  ctx,
  input,
  signal,
}) {
  const lastEventId = input?.lastEventId ? Number(input.lastEventId) : null;
  for await (const event of ctx.bus.stream({ companyId: ctx.companyId, lastEventId, signal })) {
    if (KIOSK_EVENTS.has(event.type)) yield tracked(String(event.id), { type: event.type, payload: event.payload });
  }
});

/** At the kiosk a user moves only their own works. */
export const start = kioskProcedure
  .input(workIdInput)
  .mutation(({ ctx, input }) => moveWork(ctx, input.id, "start", sql`w.user_id = ${ctx.user.id}`));

export const complete = kioskProcedure
  .input(workIdInput)
  .mutation(({ ctx, input }) => moveWork(ctx, input.id, "complete", sql`w.user_id = ${ctx.user.id}`));
