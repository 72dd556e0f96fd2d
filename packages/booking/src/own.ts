import { sql, type SQL } from "drizzle-orm";

/**
 * "Own records only" on booking (a Técnico): the bookings he is the professional of, or that he created.
 * `userId` null: no restriction. A condition on alias b.
 */
export function ownBookingCondition(userId: number | null): SQL {
  return userId === null ? sql`TRUE` : sql`(b.user_id = ${userId} OR b.created_by = ${userId})`;
}
