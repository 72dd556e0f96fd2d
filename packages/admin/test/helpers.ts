// What the admin package's tests share: a call's refusal, its field errors, and the realtime outbox's last id.
import type { Db } from "@taller/db";
import { realtimeEvents } from "@taller/db";
import { TRPCError } from "@taller/trpc";
import { desc } from "drizzle-orm";
import { expect } from "vitest";

/** The TRPCError a call fails with (the test fails if it succeeds). */
export async function failure(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** The field errors a TRPCError carries (zod issues or a handler's fieldError). */
export function fieldsOf(error: TRPCError): Record<string, string> {
  const issues = (error.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)?.issues ?? [];
  return Object.fromEntries(issues.map((i) => [i.path.join("."), i.message]));
}

/** The newest outbox event's id: events written after it are the ones a test caused. */
export async function lastEventId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: realtimeEvents.id })
    .from(realtimeEvents)
    .orderBy(desc(realtimeEvents.id))
    .limit(1);
  return row?.id ?? 0;
}
