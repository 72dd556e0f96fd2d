// The SQL behind the vehicles list: each vehicle with its open order and its next booking, from which its status
// follows (status.ts states the rule). Probes use orders_vehicle_idx and bookings_vehicle_date_idx; the
// Agendado / Con orden filters start from the few vehicles that can have them (bookings_company_date_idx and the
// orders_list_* indexes), not from every vehicle.
import { intArray, queryRows, type Db } from "@taller/db";
import { PAGE_SIZE } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { VEHICLE_STATUS, VEHICLE_STATUSES, type VehicleStatus } from "./status";

export interface VehicleFilters {
  companyId: number;
  /** null: every status. */
  statusIds: VehicleStatus[] | null;
  /** LIKE pattern over vehicles.search_text, null without a search. */
  pattern: string | null;
  /** Today in the company's time zone: bookings from this day on make a vehicle Agendado. */
  today: string;
}

/** Ids of the company's order statuses not marked finish (an order in one of them is open). */
const openStatuses = (companyId: number) =>
  sql`ARRAY(SELECT id FROM statuses WHERE company_id = ${companyId} AND type = 'Order' AND NOT finish)`;

/** deriveVehicleStatus in SQL, over the `open_order` and `next_booking` laterals of vehicleFacts(). */
const vehicleStatusSql = sql.raw(
  `CASE WHEN open_order.id IS NOT NULL THEN ${VEHICLE_STATUS.CON_ORDEN} ` +
    `WHEN next_booking.id IS NOT NULL THEN ${VEHICLE_STATUS.AGENDADO} ELSE ${VEHICLE_STATUS.SIN_ORDEN} END`,
);

/** The company's vehicles (alias v) with their latest open order and their next booking from today. */
function vehicleFacts(f: VehicleFilters): SQL {
  return sql`vehicles v
    LEFT JOIN LATERAL (
      SELECT o.id, o.correlative_id, o.requirement_id, o.finish_date, o.check_in_time FROM orders o
      WHERE o.vehicle_id = v.id AND o.company_id = v.company_id AND o.status_id = ANY(${openStatuses(f.companyId)})
      ORDER BY o.correlative_id DESC LIMIT 1
    ) open_order ON true
    LEFT JOIN LATERAL (
      SELECT b.id, b.booking_date, b.booking_time, b.requirement_id FROM bookings b
      WHERE b.vehicle_id = v.id AND b.company_id = v.company_id AND b.booking_date >= ${f.today}::date
      ORDER BY b.booking_date, b.booking_time LIMIT 1
    ) next_booking ON true`;
}

/**
 * When Sin orden (the bulk of vehicles) is not wanted, only vehicles with an open order or a booking from today can
 * match: saying so lets the database start from those few instead of walking every vehicle. null: no restriction.
 */
function candidates(f: VehicleFilters): SQL | null {
  if (!f.statusIds || f.statusIds.includes(VEHICLE_STATUS.SIN_ORDEN)) return null;
  const sources: SQL[] = [];
  if (f.statusIds.includes(VEHICLE_STATUS.CON_ORDEN))
    sources.push(sql`SELECT vehicle_id FROM orders WHERE company_id = ${f.companyId} AND status_id = ANY(${openStatuses(f.companyId)})`);
  if (f.statusIds.includes(VEHICLE_STATUS.AGENDADO))
    sources.push(sql`SELECT vehicle_id FROM bookings WHERE company_id = ${f.companyId} AND booking_date >= ${f.today}::date`);
  return sources.length ? sql`v.id IN (${sql.join(sources, sql` UNION `)})` : sql`false`;
}

function vehicleConditions(f: VehicleFilters): SQL {
  return sql.join(
    [
      sql`v.company_id = ${f.companyId}`,
      f.pattern ? sql`v.search_text LIKE ${f.pattern}` : sql`true`,
      candidates(f) ?? sql`true`,
      f.statusIds ? sql`${vehicleStatusSql} = ANY(${intArray(f.statusIds)})` : sql`true`,
    ],
    sql` AND `,
  );
}

export interface VehicleRow {
  id: number;
  identifier: string;
  brand_name: string | null;
  brand_model_name: string | null;
  client_id: number | null;
  client_name: string | null;
  phone: string | null;
  requirement_name: string | null;
  order_id: number | null;
  correlative_id: number | null;
  finish_date: string | null;
  /** The open order's check-in instant as PostgreSQL writes it (both drivers pass it through; the web reads it). */
  check_in_time: string | null;
  booking_id: number | null;
  booking_date: string | null;
  booking_time: string | null;
  status_id: VehicleStatus;
}

/** The next page (PAGE_SIZE + 1 rows), newest vehicles first, after vehicle id `afterId`; prepared unless searching. */
export async function findVehicles(db: Db, f: VehicleFilters, afterId: number | null): Promise<VehicleRow[]> {
  return queryRows<VehicleRow>(
    db,
    sql`SELECT v.id, v.identifier, br.name AS brand_name, bm.name AS brand_model_name,
               c.id AS client_id, c.name AS client_name, c.phone,
               CASE WHEN open_order.id IS NOT NULL THEN ro.name ELSE rb.name END AS requirement_name,
               open_order.id AS order_id, open_order.correlative_id, open_order.finish_date::text AS finish_date,
               open_order.check_in_time,
               next_booking.id AS booking_id, next_booking.booking_date::text AS booking_date,
               to_char(next_booking.booking_time, 'HH24:MI') AS booking_time,
               ${vehicleStatusSql} AS status_id
        FROM ${vehicleFacts(f)}
        LEFT JOIN brands br ON br.id = v.brand_id
        LEFT JOIN brand_models bm ON bm.id = v.brand_model_id
        LEFT JOIN clients c ON c.id = v.client_id
        LEFT JOIN requirements ro ON ro.id = open_order.requirement_id
        LEFT JOIN requirements rb ON rb.id = next_booking.requirement_id
        WHERE ${vehicleConditions(f)} AND ${afterId === null ? sql`true` : sql`v.id < ${afterId}`}
        ORDER BY v.id DESC
        LIMIT ${PAGE_SIZE + 1}`,
    { prepare: !f.pattern },
  );
}

/**
 * Vehicles per status under the search (the status boxes show all three). With a search, the status of each
 * matching vehicle is derived row by row. Without one, deriving it for every vehicle of a large company would
 * probe each one; the same rule is counted from the few vehicles that are not Sin orden instead: Con orden are
 * the vehicles with an open order, Agendado those with a booking from today and no open order, Sin orden the rest.
 */
export async function countByStatus(db: Db, f: VehicleFilters): Promise<{ vehicle_status: VehicleStatus; count: number }[]> {
  const rows = await queryRows<{ vehicle_status: VehicleStatus; count: number }>(
    db,
    f.pattern
      ? sql`SELECT ${vehicleStatusSql} AS vehicle_status, count(*)::int AS count
            FROM ${vehicleFacts(f)}
            WHERE ${vehicleConditions({ ...f, statusIds: null })}
            GROUP BY 1`
      : sql`WITH open AS (
              SELECT DISTINCT o.vehicle_id AS id FROM orders o JOIN vehicles v ON v.id = o.vehicle_id AND v.company_id = ${f.companyId}
              WHERE o.company_id = ${f.companyId} AND o.status_id = ANY(${openStatuses(f.companyId)})
            ), booked AS (
              SELECT DISTINCT b.vehicle_id AS id FROM bookings b JOIN vehicles v ON v.id = b.vehicle_id AND v.company_id = ${f.companyId}
              WHERE b.company_id = ${f.companyId} AND b.booking_date >= ${f.today}::date
                AND b.vehicle_id NOT IN (SELECT id FROM open)
            ), counted AS (
              SELECT ${VEHICLE_STATUS.CON_ORDEN} AS vehicle_status, (SELECT count(*) FROM open) AS n
              UNION ALL SELECT ${VEHICLE_STATUS.AGENDADO}, (SELECT count(*) FROM booked)
            )
            SELECT vehicle_status, n::int AS count FROM counted
            UNION ALL
            SELECT ${VEHICLE_STATUS.SIN_ORDEN}, ((SELECT count(*) FROM vehicles WHERE company_id = ${f.companyId}) - (SELECT sum(n) FROM counted))::int`,
    { prepare: !f.pattern },
  );
  const counts = new Map(rows.map((r) => [Number(r.vehicle_status), r.count]));
  return VEHICLE_STATUSES.map((s) => ({ vehicle_status: s, count: counts.get(s) ?? 0 }));
}
