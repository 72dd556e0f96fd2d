// Which managements a user with an own-only crm grant sees: the CRM's lists, detail and lock, and booking's
// 'Agendar Vehículo' (which books for a management the user may act on).
import { sql, type SQL } from "drizzle-orm";

/**
 * "Own managements" (an own-only crm grant): those assigned to the user, or about a booking with the user as its
 * professional (what a professional with own-only grants sees of the agenda). `ownerId` null: every management.
 */
export function crmOwnCondition(ownerId: number | null, prefix = "c."): SQL {
  if (ownerId === null) return sql`true`;
  const p = sql.raw(prefix);
  return sql`(${p}user_id = ${ownerId} OR EXISTS (SELECT 1 FROM bookings ob WHERE ob.company_id = ${p}company_id
              AND ob.id = ${p}booking_id AND ob.user_id = ${ownerId}))`;
}
