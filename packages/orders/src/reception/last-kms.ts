import { sql, type SQL } from "drizzle-orm";

/**
 * A vehicle's last kilometres, as the reception compares a new reading with: the vehicle's own (each reception
 * writes it, a confirmed lower one included, so an odometer that was replaced starts over), else its latest order's.
 * `vehicle` names the row's alias (`v`), whose `kms`, `company_id` and `id` it reads.
 */
export function lastKms(vehicle: SQL): SQL<number | null> {
  return sql<
    number | null
  >`coalesce(${vehicle}.kms, (SELECT o.kms FROM orders o WHERE o.company_id = ${vehicle}.company_id
    AND o.vehicle_id = ${vehicle}.id AND o.kms IS NOT NULL ORDER BY o.check_in_time DESC, o.id DESC LIMIT 1))`;
}
