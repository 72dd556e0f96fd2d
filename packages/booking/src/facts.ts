// What the free-slot rule (slots.ts) needs from the database: the company's rules, its professionals, and the
// facts of a window of days. The search reads them through ctx.db; the write paths through the transaction that
// holds the day's lock, so the check and the insert see the same rows.
import {
  addDays,
  companyPreferencesSchema,
  daysPreferencesSchema,
  DEFAULT_MAX_BOOKINGS,
  DEFAULT_TIME_INTERVAL,
  present,
  type BookingMode,
  type Terms,
} from "@taller/core";
import { companies, intArray, queryRows, type Db } from "@taller/db";
import { eq, sql, type SQL } from "drizzle-orm";
import { localInstant, type BookedTimes, type SlotFacts, type SlotRules } from "./slots";

export interface BookingSettings {
  rules: SlotRules;
  mode: BookingMode;
  /** Roles whose users are professionals; empty: every user with a role. */
  roleIds: number[];
  name: string;
  logo: string | null;
  /** The company's own words for object, client, order and CRM (the public page's summary names the object). */
  terms: Terms;
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
 * both booking forms, and three sequential reads were most of its time over HTTP. With a `window`, the window's
 * facts come in the same statement (for the eligible professionals, or `window.userId`, the one the form chose), and
 * `window.owned` (the caller's ownership check, or null for none) as `owned`, so a search is one round trip in all.
 */
export async function loadBookingSetup(db: Db, companyId: number, requirementId: number | null): Promise<BookingSetup>;
export async function loadBookingSetup(
  db: Db,
  companyId: number,
  requirementId: number | null,
  window: SearchWindow & { userId: number | null; owned: SQL | null },
): Promise<BookingSetup & { facts: SlotFacts; owned: boolean }>;
export async function loadBookingSetup(
  db: Db,
  companyId: number,
  requirementId: number | null,
  window?: SearchWindow & { userId: number | null; owned: SQL | null },
): Promise<BookingSetup & { facts?: SlotFacts; owned?: boolean }> {
  // The role filter reads the stored preference in SQL; a company whose preferences lack it has no filter, as the
  // schema's default [] says. The mode likewise, with the schema's default.
  const roleIds = sql`ARRAY(SELECT r::int FROM jsonb_array_elements_text(coalesce(c.preferences->'booking_role_ids', '[]')) r)`;
  const setup = sql`SELECT c.name, c.preferences, c.days_preferences AS days,
               ARRAY(SELECT u.id FROM users u WHERE ${eligibleProfessional(companyId, roleIds, requirementId)} ORDER BY u.name, u.id) AS pros,
               (SELECT duration_minutes FROM requirements WHERE company_id = c.id AND id = ${requirementId}::int) AS duration,
               coalesce(c.preferences->>'booking_type', ${DEFAULT_MODE}) = 'professional' AS professional
        FROM companies c WHERE c.id = ${companyId}`;
  const chosen = sql`ARRAY(SELECT p FROM unnest(s.pros) p WHERE ${window?.userId ?? null}::int IS NULL OR p = ${window?.userId ?? null}::int)`;
  const [row] = await queryRows<
    {
      name: string;
      preferences: unknown;
      days: unknown;
      pros: number[];
      duration: number | null;
      owned?: boolean;
    } & Partial<FactsRow>
  >(
    db,
    sql`SELECT s.name, s.preferences, s.days, array_to_json(s.pros) AS pros, s.duration
               ${window ? sql`, ${factsColumns(companyId, window, chosen, sql`s.professional`)}, ${window.owned ?? sql`true`} AS owned` : sql``}
        FROM (${setup}) s`,
    // Prepared: the statement is long and the same for every search (its text varies only with the window and a
    // moved booking), so PostgreSQL parses and plans it once per connection, not on every keystroke of the forms.
    { prepare: true },
  );
  if (!row) throw new Error(`company ${companyId} not found`);
  const result = { settings: parseSettings(row), eligible: row.pros, duration: row.duration ?? 60 };
  return window
    ? { ...result, facts: parseFacts(row as FactsRow, factsWindow(window).start), owned: row.owned === true }
    : result;
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
  return {
    rules,
    mode: preferences.booking_type,
    roleIds: preferences.booking_role_ids,
    name: row.name,
    logo: preferences.logo,
    terms: preferences.terms,
  };
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

export interface FactsScope extends SearchWindow {
  mode: BookingMode;
  /** Professional mode: whose bookings and block hours to read. */
  professionals: readonly number[];
}

const MINUTE_MS = 60_000;
const MAX_BOOKING_MS = 24 * 60 * MINUTE_MS;

/** A window of days to read the facts of, for one location (capacity is counted per location). */
export interface SearchWindow {
  from: string;
  to: string;
  locationId: number | null;
  /** A booking being moved: its own place does not count. */
  excludeId?: number | null;
}

/** The mode of a company whose preferences do not say (the schema's default). */
const DEFAULT_MODE = companyPreferencesSchema.parse({}).booking_type;

interface FactsRow {
  holidays: string;
  blocks: string;
  block_hours: string;
  /** Null when the window has none. */
  bookings: Uint8Array | null;
}

/**
 * The window's instants, widened by a day on each side (a booking lasts at most a day), so every booking that
 * touches a slot of the window is read.
 */
function factsWindow(w: SearchWindow): { start: number; end: number } {
  const start = (localInstant(w.from, 0) ?? Date.parse(`${w.from}T00:00:00Z`)) - MAX_BOOKING_MS;
  const end = (localInstant(addDays(w.to, 1), 0) ?? Date.parse(`${addDays(w.to, 1)}T00:00:00Z`)) + MAX_BOOKING_MS;
  return { start, end };
}

/**
 * The four columns of a window's facts: holidays, active blocks, block hours and occupying bookings, for one
 * location and the professionals `pros` (an int[] expression) when `professional` (a boolean expression) holds.
 */
function factsColumns(companyId: number, w: SearchWindow, pros: SQL, professional: SQL): SQL {
  const { start, end } = factsWindow(w);
  return sql`(SELECT coalesce(json_agg(date::text), '[]') FROM holidays
           WHERE company_id = ${companyId} AND date BETWEEN ${w.from} AND ${w.to}
             AND (location_id IS NULL OR location_id = ${w.locationId}))::text AS holidays,
          (SELECT coalesce(json_agg(json_build_array(date::text, to_char(hour, 'HH24:MI'), user_id)), '[]') FROM booking_blocks
           WHERE company_id = ${companyId} AND date BETWEEN ${w.from} AND ${w.to} AND active)::text AS blocks,
          (SELECT coalesce(json_agg(json_build_array(user_id, day, to_char(start_time, 'HH24:MI'), to_char(end_time, 'HH24:MI'))), '[]') FROM block_hours
           WHERE ${professional} AND company_id = ${companyId} AND user_id = ANY(${pros}) AND enabled)::text AS block_hours,
          -- Straight from the index (bookings_company_start_idx) as bytes: per booking three 4-byte integers, start and
          -- end in minutes from the window's start and the professional (0 for none). A busy month is thousands of
          -- bookings; binary costs PostgreSQL no number formatting (text took twice the time) and Node no parsing.
          (SELECT string_agg(int4send(((date_part('epoch', start_at) - ${start / 1000}::float8) / 60)::int)
                             || int4send(((date_part('epoch', end_at) - ${start / 1000}::float8) / 60)::int)
                             || int4send(coalesce(user_id, 0)), ''::bytea)
           FROM bookings
           WHERE company_id = ${companyId} AND NOT rescheduled AND cancelled_at IS NULL ${w.excludeId ? sql`AND id <> ${w.excludeId}` : sql``}
             AND start_at >= ${new Date(start).toISOString()}::timestamptz AND start_at < ${new Date(end).toISOString()}::timestamptz
             AND CASE WHEN ${professional} THEN user_id = ANY(${pros}) ELSE location_id IS NOT DISTINCT FROM ${w.locationId}::int END) AS bookings`;
}

/** The bookings column: 12 bytes per booking (big-endian int4: start, end, professional). */
function parseBookings(bytes: Uint8Array | null, start: number): BookedTimes {
  const n = bytes ? bytes.byteLength / 12 : 0;
  const times: BookedTimes = { start: new Float64Array(n), end: new Float64Array(n), userId: new Int32Array(n) };
  if (!bytes) return times;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < n; i++) {
    times.start[i] = start + view.getInt32(i * 12) * MINUTE_MS;
    times.end[i] = start + view.getInt32(i * 12 + 4) * MINUTE_MS;
    times.userId[i] = view.getInt32(i * 12 + 8);
  }
  return times;
}

function parseFacts(row: FactsRow, start: number): SlotFacts {
  return {
    holidays: new Set(JSON.parse(row.holidays) as string[]),
    blocks: (JSON.parse(row.blocks) as [string, string | null, number | null][]).map(([date, hour, userId]) => ({
      date,
      hour,
      userId,
    })),
    blockHours: (JSON.parse(row.block_hours) as [number, number, string, string][]).map(
      ([userId, day, start, end]) => ({ userId, day, start, end }),
    ),
    bookings: parseBookings(row.bookings, start),
  };
}

/**
 * Holidays, active blocks, block hours and occupying bookings of a window, for one location and some professionals,
 * in one statement (one round trip, one row). The write paths call it inside the transaction holding the day's lock.
 */
export async function loadFacts(db: Db, companyId: number, scope: FactsScope): Promise<SlotFacts> {
  const [row] = await queryRows<FactsRow>(
    db,
    sql`SELECT ${factsColumns(companyId, scope, intArray(scope.professionals), sql`${scope.mode === "professional"}`)}`,
    { prepare: true },
  );
  return parseFacts(present(row, "the facts row"), factsWindow(scope).start);
}
