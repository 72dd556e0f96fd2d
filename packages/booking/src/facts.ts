// What the free-slot rule (slots.ts) needs from the database: the company's rules, its professionals, and the
// facts of a window of days. The search reads them through ctx.db; the write paths through the transaction that
// holds the day's lock, so the check and the insert see the same rows.
import { addDays, companyPreferencesSchema, daysPreferencesSchema, DEFAULT_MAX_BOOKINGS, DEFAULT_TIME_INTERVAL, type BookingMode } from "@taller/core";
import { companies, intArray, queryRows, type Db } from "@taller/db";
import { eq, sql, type SQL } from "drizzle-orm";
import { localInstant, type SlotFacts, type SlotRules } from "./slots";

export interface BookingSettings {
  rules: SlotRules;
  mode: BookingMode;
  /** Roles whose users are professionals; empty: every user with a role. */
  roleIds: number[];
  name: string;
  logo: string | null;
}

/** What a slot search or a booking write needs before the window's facts: the rules and who may take the work. */
export interface BookingSetup {
  settings: BookingSettings;
  /** The professionals who may take the requirement (whatever the mode: callers in capacity mode ignore them). */
  eligible: number[];
  /** The requirement's duration in minutes, or 60 without one. */
  duration: number;
}

/**
 * The company's booking rules (the spec's defaults for whatever its stored preferences lack), its eligible
 * professionals and the requirement's duration, in one round trip: the free-slot search is on every keystroke of
 * both booking forms, and three sequential reads were most of its time over HTTP.
 */
export async function loadBookingSetup(db: Db, companyId: number, requirementId: number | null): Promise<BookingSetup> {
  // The role filter reads the stored preference in SQL; a company whose preferences lack it has no filter, as the
  // schema's default [] says.
  const [row] = await queryRows<{ name: string; preferences: unknown; days: unknown; pros: number[]; duration: number | null }>(
    db,
    sql`SELECT c.name, c.preferences, c.days_preferences AS days,
               coalesce((SELECT json_agg(u.id ORDER BY u.name, u.id) FROM users u
                         WHERE ${eligibleProfessional(companyId, sql`ARRAY(SELECT r::int FROM jsonb_array_elements_text(coalesce(c.preferences->'booking_role_ids', '[]')) r)`, requirementId)}), '[]') AS pros,
               (SELECT duration_minutes FROM requirements WHERE company_id = c.id AND id = ${requirementId}::int) AS duration
        FROM companies c WHERE c.id = ${companyId}`,
  );
  if (!row) throw new Error(`company ${companyId} not found`);
  return { settings: parseSettings(row), eligible: row.pros, duration: row.duration ?? 60 };
}

/** The company's booking rules, with the spec's defaults for whatever its stored preferences lack. */
export async function loadSettings(db: Db, companyId: number): Promise<BookingSettings> {
  const [row] = await db
    .select({ name: companies.name, preferences: companies.preferences, days: companies.daysPreferences })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) throw new Error(`company ${companyId} not found`);
  return parseSettings(row);
}

function parseSettings(row: { name: string; preferences: unknown; days: unknown }): BookingSettings {
  const preferences = companyPreferencesSchema.parse(row.preferences);
  const days = daysPreferencesSchema.safeParse(row.days);
  const rules: SlotRules = {
    mode: preferences.booking_type,
    interval: days.success ? days.data.time_interval : DEFAULT_TIME_INTERVAL,
    maxBookings: days.success ? days.data.max_bookings : DEFAULT_MAX_BOOKINGS,
    days: days.success ? days.data.days : {},
  };
  return { rules, mode: preferences.booking_type, roleIds: preferences.booking_role_ids, name: row.name, logo: preferences.logo };
}

/**
 * Which users (alias u) are professionals who may take a requirement (seed 000 section 5): users of the booking
 * roles (or of any role when `roleIds` is empty), with no specialities at all or an enabled one matching the
 * requirement's. `requirementId` null: every professional.
 */
function eligibleProfessional(companyId: number, roleIds: SQL, requirementId: number | null): SQL {
  return sql`u.company_id = ${companyId} AND u.role_id IS NOT NULL
    AND (cardinality(${roleIds}) = 0 OR u.role_id = ANY(${roleIds}))
    AND (${requirementId}::int IS NULL
         OR NOT EXISTS (SELECT 1 FROM user_specialities us WHERE us.company_id = u.company_id AND us.user_id = u.id)
         OR EXISTS (SELECT 1 FROM user_specialities us
                    JOIN requirements r ON r.company_id = us.company_id AND r.id = ${requirementId}
                    WHERE us.company_id = u.company_id AND us.user_id = u.id AND us.enable
                      AND (r.speciality_id IS NULL OR us.speciality_id = r.speciality_id)))`;
}

export interface FactsScope {
  from: string;
  to: string;
  /** Capacity is counted per location (bookings without one share one pool). */
  locationId: number | null;
  mode: BookingMode;
  /** Professional mode: whose bookings and block hours to read. */
  professionals: readonly number[];
  /** A booking being moved: its own place does not count. */
  excludeId?: number | null;
}

const MAX_BOOKING_MS = 24 * 60 * 60_000;

/** Holidays, active blocks, block hours and occupying bookings of a window, for one location and some professionals. */
export async function loadFacts(db: Db, companyId: number, scope: FactsScope): Promise<SlotFacts> {
  const pros = intArray(scope.professionals);
  // The window's instants, widened by a day on each side (a booking lasts at most a day), so every booking that
  // touches a slot of the window is read.
  const start = new Date((localInstant(scope.from, 0) ?? Date.parse(`${scope.from}T00:00:00Z`)) - MAX_BOOKING_MS).toISOString();
  const end = new Date((localInstant(addDays(scope.to, 1), 0) ?? Date.parse(`${addDays(scope.to, 1)}T00:00:00Z`)) + MAX_BOOKING_MS).toISOString();
  const professional = scope.mode === "professional";
  const [holidays, blocks, blockHours, bookings] = await Promise.all([
    queryRows<{ date: string }>(
      db,
      sql`SELECT date::text AS date FROM holidays
          WHERE company_id = ${companyId} AND date BETWEEN ${scope.from} AND ${scope.to}
            AND (location_id IS NULL OR location_id = ${scope.locationId})`,
    ),
    queryRows<{ date: string; hour: string | null; user_id: number | null }>(
      db,
      sql`SELECT date::text AS date, to_char(hour, 'HH24:MI') AS hour, user_id FROM booking_blocks
          WHERE company_id = ${companyId} AND date BETWEEN ${scope.from} AND ${scope.to} AND active`,
    ),
    professional
      ? queryRows<{ user_id: number; day: number; start: string; end: string }>(
          db,
          sql`SELECT user_id, day, to_char(start_time, 'HH24:MI') AS start, to_char(end_time, 'HH24:MI') AS "end" FROM block_hours
              WHERE company_id = ${companyId} AND user_id = ANY(${pros}) AND enabled`,
        )
      : Promise.resolve([]),
    // Epoch milliseconds straight from the index (bookings_company_start_idx), as one JSON text: a month of a busy
    // workshop is thousands of bookings, and one string parsed by JSON.parse costs a fraction of as many row objects.
    queryRows<{ list: string }>(
      db,
      sql`SELECT coalesce(json_agg(json_build_array((extract(epoch FROM start_at) * 1000)::float8, (extract(epoch FROM end_at) * 1000)::float8, user_id)), '[]')::text AS list
          FROM bookings
          WHERE company_id = ${companyId} AND NOT rescheduled ${scope.excludeId ? sql`AND id <> ${scope.excludeId}` : sql``}
            AND start_at >= ${start}::timestamptz AND start_at < ${end}::timestamptz
            AND ${professional ? sql`user_id = ANY(${pros})` : sql`location_id IS NOT DISTINCT FROM ${scope.locationId}::int`}`,
      { prepare: true },
    ),
  ]);
  return {
    holidays: new Set(holidays.map((h) => h.date)),
    blocks: blocks.map((b) => ({ date: b.date, hour: b.hour, userId: b.user_id })),
    blockHours: blockHours.map((h) => ({ userId: h.user_id, day: h.day, start: h.start, end: h.end })),
    bookings: (JSON.parse(bookings[0]?.list ?? "[]") as [number, number, number | null][]).map(([start, end, userId]) => ({ start, end, userId })),
  };
}
