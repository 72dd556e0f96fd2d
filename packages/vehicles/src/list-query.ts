// The SQL behind the vehicles list: each vehicle with its open order and its next booking (at the selected
// locations), from which its status follows (status.ts states the rule). Probes use orders_vehicle_idx and
// bookings_vehicle_date_idx; the Agendado / Con orden filters and the counts start from the few vehicles that can
// have them (orders_status_vehicle_idx with the open statuses bound as values, bookings_company_date_idx), never
// from every order.
import { PAGE_SIZE, type Instant } from "@taller/core";
import { instantText, intArray, queryRows, searchCondition, type Db, type SearchTerm } from "@taller/db";
import {
  cappedGroupCount,
  ESTIMATE_SKIP,
  estimateRows,
  farPastCap,
  groupCounts,
  type GroupCountRow,
  type GroupCounts,
  type ListScope,
} from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { VEHICLE_STATUS, VEHICLE_STATUSES, type VehicleStatus } from "./status";

export interface VehicleFilters {
  scope: ListScope;
  /** null: every status. */
  statusIds: VehicleStatus[] | null;
  search: SearchTerm | null;
  /** Today in the company's time zone: bookings from this day on make a vehicle Agendado. */
  today: string;
  /** The company's order statuses not marked finish (an order in one of them is open). */
  openStatusIds: number[];
}

/** Orders or bookings (alias) at the selected locations; every location when none are selected. */
const atLocations = (f: VehicleFilters, alias: string) =>
  f.scope.locationIds ? sql`${sql.raw(alias)}.location_id = ANY(${intArray(f.scope.locationIds)})` : sql`true`;

/** Open orders (alias o) of the company at the selected locations. */
const openOrders = (f: VehicleFilters) =>
  sql`o.company_id = ${f.scope.companyId} AND o.status_id = ANY(${intArray(f.openStatusIds)}) AND ${atLocations(f, "o")}`;

/** Bookings (alias b) of the company from today at the selected locations. */
const comingBookings = (f: VehicleFilters) =>
  sql`b.company_id = ${f.scope.companyId} AND b.booking_date >= ${f.today}::date AND b.cancelled_at IS NULL
      AND ${atLocations(f, "b")}`;

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
      WHERE o.vehicle_id = v.id AND ${openOrders(f)}
      ORDER BY o.correlative_id DESC LIMIT 1
    ) open_order ON true
    LEFT JOIN LATERAL (
      SELECT b.id, b.booking_date, b.booking_time, b.requirement_id FROM bookings b
      WHERE b.vehicle_id = v.id AND ${comingBookings(f)}
      ORDER BY b.booking_date, b.booking_time LIMIT 1
    ) next_booking ON true`;
}

/**
 * "Own records only" for vehicles: those with an order the user received or is assigned, or a booking of the user.
 */
export function ownedVehicle(companyId: number, me: number | null, id: SQL = sql`v.id`): SQL {
  if (me === null) return sql`true`;
  return sql`${id} IN (SELECT vehicle_id FROM orders WHERE company_id = ${companyId} AND (user_id = ${me} OR assignee_id = ${me})
                      UNION SELECT vehicle_id FROM bookings WHERE company_id = ${companyId} AND user_id = ${me})`;
}
const owned = (f: VehicleFilters) => ownedVehicle(f.scope.companyId, f.scope.ownerId);

/**
 * When Sin orden (the bulk of vehicles) is not wanted, only vehicles with an open order or a booking from today can
 * match: saying so lets the database start from those few instead of walking every vehicle. At every location they
 * are read from `vehicle_states` in vehicle order (a page reads about as many as it shows); at some locations, from
 * their open orders and coming bookings. null: no restriction.
 */
function candidates(f: VehicleFilters): SQL | null {
  if (!f.statusIds || f.statusIds.includes(VEHICLE_STATUS.SIN_ORDEN)) return null;
  const stored = f.scope.locationIds === null;
  const sources: SQL[] = [];
  if (f.statusIds.includes(VEHICLE_STATUS.CON_ORDEN))
    sources.push(
      stored
        ? sql`SELECT s.vehicle_id FROM vehicle_states s WHERE s.company_id = ${f.scope.companyId} AND s.open_orders > 0`
        : sql`SELECT o.vehicle_id FROM orders o WHERE ${openOrders(f)}`,
    );
  if (f.statusIds.includes(VEHICLE_STATUS.AGENDADO))
    sources.push(
      stored
        ? sql`SELECT s.vehicle_id FROM vehicle_states s
              WHERE s.company_id = ${f.scope.companyId} AND s.last_booking_date >= ${f.today}::date`
        : sql`SELECT b.vehicle_id FROM bookings b WHERE ${comingBookings(f)}`,
    );
  return sources.length ? sql`v.id IN (${sql.join(sources, sql` UNION `)})` : sql`false`;
}

/**
 * deriveVehicleStatus in SQL from existence alone (for counting, where no order or booking column is shown): each
 * probe is an index-only lookup of orders_vehicle_idx (vehicle, status, company, location) or a booking probe.
 */
function vehicleStatusExists(f: VehicleFilters): SQL {
  return sql`CASE WHEN EXISTS (SELECT 1 FROM orders o WHERE o.vehicle_id = v.id AND ${openOrders(f)}) THEN ${sql.raw(String(VEHICLE_STATUS.CON_ORDEN))}
                  WHEN EXISTS (SELECT 1 FROM bookings b WHERE b.vehicle_id = v.id AND ${comingBookings(f)}) THEN ${sql.raw(String(VEHICLE_STATUS.AGENDADO))}
                  ELSE ${sql.raw(String(VEHICLE_STATUS.SIN_ORDEN))} END`;
}

/**
 * Every filter of the list; `status` is how the status is derived (the page's laterals, or existence when counting).
 */
function vehicleConditions(f: VehicleFilters, status: SQL = vehicleStatusSql): SQL {
  return sql.join(
    [
      sql`v.company_id = ${f.scope.companyId}`,
      searchCondition(f.search, "v."),
      owned(f),
      candidates(f) ?? sql`true`,
      f.statusIds ? sql`${status} = ANY(${intArray(f.statusIds)})` : sql`true`,
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
  check_in_time: Instant | null;
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
               ${instantText(sql`open_order.check_in_time`)} AS check_in_time,
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
    { prepare: f.search === null },
  );
}

/**
 * Vehicles per status and the list's total. With a search or own scope, the status of each matching vehicle is
 * derived row by row, up to COUNT_CAP + 1 of them (past that the answer is capped, as the orders list's). Without
 * one, at every location, the boxes are read from `vehicle_state_counts` (kept by triggers: vehicles with an open
 * order, the others by their latest booking day), a row per booking day from today: Con orden are the open ones,
 * Agendado those whose latest booking is today or later, Sin orden the rest of `vehicle_counts`. At some locations
 * only, the same rule is counted from the few vehicles that are not Sin orden there (their open orders and bookings).
 */
export async function countVehicles(db: Db, f: VehicleFilters): Promise<GroupCounts<VehicleStatus>> {
  const c = f.scope.companyId;
  const sampled = f.search !== null || f.scope.ownerId !== null;
  // The status is derived per vehicle (two probes each): estimated past the cap, do not count.
  if (
    f.search &&
    (await estimateRows(db, sql`vehicles v`, sql`v.company_id = ${c} AND ${searchCondition(f.search, "v.")}`)) >
      ESTIMATE_SKIP
  )
    return farPastCap(VEHICLE_STATUSES);
  const rows = await queryRows<GroupCountRow>(
    db,
    sampled
      ? cappedGroupCount({
          group: vehicleStatusExists(f),
          from: sql`vehicles v`,
          where: vehicleConditions({ ...f, statusIds: null }, vehicleStatusExists(f)),
          whereSelected: f.statusIds && vehicleConditions(f, vehicleStatusExists(f)),
        })
      : sql`WITH counted AS (${f.scope.locationIds ? countedAtLocations(f) : countedStored(f)})
            SELECT grp AS "group", n::int, 0 AS sampled, null::int AS selected FROM counted
            UNION ALL
            SELECT ${VEHICLE_STATUS.SIN_ORDEN}, (coalesce((SELECT count FROM vehicle_counts WHERE company_id = ${c}), 0) - (SELECT sum(n) FROM counted))::int, 0, null`,
    { prepare: f.search === null },
  );
  return groupCounts(VEHICLE_STATUSES, rows, f.statusIds);
}

/** Con orden and Agendado (`grp`, `n`) from the stored per-day counts: at every location only. */
function countedStored(f: VehicleFilters): SQL {
  return sql`SELECT ${VEHICLE_STATUS.CON_ORDEN} AS grp, coalesce(sum(count), 0) AS n
               FROM vehicle_state_counts WHERE company_id = ${f.scope.companyId} AND open
             UNION ALL
             SELECT ${VEHICLE_STATUS.AGENDADO}, coalesce(sum(count), 0) FROM vehicle_state_counts
              WHERE company_id = ${f.scope.companyId} AND NOT open AND last_booking_date >= ${f.today}::date`;
}

/** Con orden and Agendado (`grp`, `n`) at the selected locations, from their open orders and coming bookings. */
function countedAtLocations(f: VehicleFilters): SQL {
  return sql`WITH open AS (
               SELECT DISTINCT o.vehicle_id AS id FROM orders o WHERE ${openOrders(f)} AND o.vehicle_id IS NOT NULL
             ), booked AS (
               SELECT DISTINCT b.vehicle_id AS id FROM bookings b
               WHERE ${comingBookings(f)} AND b.vehicle_id IS NOT NULL AND b.vehicle_id NOT IN (SELECT id FROM open)
             )
             SELECT ${VEHICLE_STATUS.CON_ORDEN} AS grp, (SELECT count(*) FROM open) AS n
             UNION ALL SELECT ${VEHICLE_STATUS.AGENDADO}, (SELECT count(*) FROM booked)`;
}
