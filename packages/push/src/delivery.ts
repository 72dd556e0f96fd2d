import { encodePushPayload, type RealtimeEventOf } from "@taller/core";
import type { Db, PushSubscriptionToken } from "@taller/db";
import { pushDeliveries, pushOutbox, sessions, userDevices, users } from "@taller/db";
import type { BusEvent, EventBus } from "@taller/trpc";
import { and, eq, gt, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { PushTransport } from "./transport";

export type PushRequest = RealtimeEventOf<"push.requested"> & { id: number };

export interface DeliveryLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

export interface DeliveryDeps {
  db: Db;
  /** null: the local default, pushes written to push_outbox and the log, never sent. */
  transport: PushTransport | null;
  log: DeliveryLog;
}

export interface DeliveryReport {
  sent: number;
  removed: number;
  failed: number;
}

/** Pushes in flight at once for one event (one event addresses at most 100 users). */
const CONCURRENCY = 8;

/** What the push service's answer means for the subscription: 404/410 say it no longer exists (RFC 8030 7.3). */
export function sendOutcome(status: number): "sent" | "gone" | "failed" {
  if (status >= 200 && status < 300) return "sent";
  return status === 404 || status === 410 ? "gone" : "failed";
}

/**
 * Delivers one push.requested event: claims it (every server process hears every event; only the one whose claim
 * row lands delivers), then sends it to every push subscription of the addressed users in the event's company
 * whose session is still open, with the user's id in the payload. Subscriptions the push service calls gone are
 * removed. Answers null when another process had claimed it. At most once: a process that dies after claiming
 * loses that push rather than risking two.
 */
export async function deliverPushRequest(deps: DeliveryDeps, event: PushRequest): Promise<DeliveryReport | null> {
  const { db, log } = deps;
  const claimed = await db
    .insert(pushDeliveries)
    .values({ eventId: event.id, companyId: event.companyId })
    .onConflictDoNothing()
    .returning({ eventId: pushDeliveries.eventId });
  if (claimed.length === 0) {
    log.debug({ eventId: event.id }, "push already claimed by another process");
    return null;
  }
  const { userIds, title, body, url, tag } = event.payload;
  const targets = await db
    .select({ id: userDevices.id, userId: userDevices.userId, token: userDevices.notificationToken })
    .from(userDevices)
    .innerJoin(sessions, eq(sessions.id, userDevices.sessionId))
    .where(
      and(
        eq(userDevices.companyId, event.companyId),
        inArray(userDevices.userId, userIds),
        isNotNull(userDevices.notificationToken),
        eq(sessions.kind, "staff"),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  const payloadFor = (userId: number) => encodePushPayload({ userId, title, body, url, tag });

  const report: DeliveryReport = { sent: 0, removed: 0, failed: 0 };
  if (!deps.transport) {
    // Only users of the event's company: an id from elsewhere gets no outbox row either.
    const addressed = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, event.companyId), inArray(users.id, userIds)));
    if (addressed.length > 0) {
      await db.insert(pushOutbox).values(
        addressed.map((u) => ({
          companyId: event.companyId,
          eventId: event.id,
          userId: u.id,
          payload: JSON.parse(payloadFor(u.id)) as Record<string, unknown>,
          devices: targets.filter((t) => t.userId === u.id).length,
        })),
      );
    }
    report.sent = targets.length;
    log.info(
      { eventId: event.id, companyId: event.companyId, userIds: addressed.map((u) => u.id), title },
      "push written to the outbox (web push delivery is off): not sent to any browser",
    );
  } else {
    const transport = deps.transport;
    const queue = targets.filter((t): t is typeof t & { token: PushSubscriptionToken } => t.token !== null);
    const worker = async () => {
      for (let target = queue.shift(); target; target = queue.shift()) {
        const outcome = await transport
          .send(target.token, payloadFor(target.userId))
          .then(sendOutcome, (err: unknown) => {
            log.warn({ err, eventId: event.id, deviceId: target.id }, "push could not be sent");
            return "failed" as const;
          });
        if (outcome === "gone") {
          // Only if the device still holds that endpoint (it may have subscribed anew meanwhile).
          await db
            .update(userDevices)
            .set({ notificationToken: null })
            .where(
              and(
                eq(userDevices.id, target.id),
                sql`${userDevices.notificationToken} ->> 'endpoint' = ${target.token.endpoint}`,
              ),
            );
          report.removed += 1;
        } else report[outcome] += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
    log.info({ eventId: event.id, companyId: event.companyId, ...report }, "push delivered");
  }
  await db
    .update(pushDeliveries)
    .set({ ...report, finishedAt: new Date() })
    .where(eq(pushDeliveries.eventId, event.id));
  return report;
}

/** Delivers every push.requested event this process hears; answers the function that stops listening. */
export function startPushDelivery(bus: EventBus, deps: DeliveryDeps): () => void {
  return bus.subscribe((event: BusEvent) => {
    if (event.type !== "push.requested") return;
    deliverPushRequest(deps, event).catch((err: unknown) =>
      deps.log.warn({ err, eventId: event.id }, "push delivery failed"),
    );
  });
}

/** Claims older than a week and outbox rows older than 30 days go (hourly housekeeping of the server). */
export async function prunePush(db: Db): Promise<void> {
  await db.delete(pushDeliveries).where(lt(pushDeliveries.createdAt, sql`now() - interval '7 days'`));
  await db.delete(pushOutbox).where(lt(pushOutbox.createdAt, sql`now() - interval '30 days'`));
}
