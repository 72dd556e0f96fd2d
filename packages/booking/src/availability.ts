// The agenda's available hours over a range of days: what the free-slot rule would offer on an empty agenda, summed.
// The reports divide the hours booked by them (the agenda's occupancy); the rule is the booking package's, so it is
// computed here and exported, not copied.
import { addDays, weekdayOf } from "@taller/core";
import { intArray, queryRows, type Db } from "@taller/db";
import { sql } from "drizzle-orm";
import { loadSettings } from "./facts";
import { minutesOf, type SlotRules } from "./slots";

/** What takes hours away from the working days, over the range. */
export interface AvailabilityFacts {
  /** Holidays of the company (locationId null) or of one location. */
  holidays: readonly { date: string; locationId: number | null }[];
  /** Active blocks: a whole day (hour null) or one slot, for every professional (userId null) or one. */
  blocks: readonly { date: string; hour: string | null; userId: number | null }[];
  /** Professionals' enabled weekly unavailable hours (day 1-7). */
  blockHours: readonly { userId: number; day: number; start: string; end: string }[];
  /** Professional mode: the company's professionals (each one place). */
  professionals: readonly number[];
}

/**
 * Minutes the agenda offers from `from` to `to` (both included) at `locationIds`, as the free-slot rule reads the
 * rules on an empty agenda: each slot of an enabled weekday (start to end in steps of the interval) times the places
 * it holds. Capacity mode: `maxBookings` places per slot at each location, less the holidays of the company or of
 * that location, whole-day and slot blocks. Professional mode: one place per professional and slot, less the company's
 * holidays, the blocks for all or for him and his weekly block hours; professionals are the company's, not a
 * location's, so this is the same whatever the locations.
 */
export function availableMinutes(
  rules: SlotRules,
  facts: AvailabilityFacts,
  from: string,
  to: string,
  locationIds: readonly number[],
): number {
  const holidays = new Map<string, (number | null)[]>();
  for (const h of facts.holidays) holidays.set(h.date, [...(holidays.get(h.date) ?? []), h.locationId]);
  const blocks = new Map<string, AvailabilityFacts["blocks"][number][]>();
  for (const b of facts.blocks) blocks.set(b.date, [...(blocks.get(b.date) ?? []), b]);
  let total = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const weekday = weekdayOf(day);
    const hours = rules.days[String(weekday)];
    if (!hours?.enabled) continue;
    const slots: number[] = [];
    for (let m = minutesOf(hours.start_time); m < minutesOf(hours.end_time); m += rules.interval) slots.push(m);
    const dayHolidays = holidays.get(day) ?? [];
    if (dayHolidays.includes(null)) continue;
    const dayBlocks = blocks.get(day) ?? [];
    /** The slots open to one owner: a professional (userId) or the capacity (null). */
    const open = (userId: number | null) => {
      const mine = dayBlocks.filter((b) => b.userId === null || b.userId === userId);
      if (mine.some((b) => b.hour === null)) return 0;
      const blocked = new Set(mine.map((b) => minutesOf(b.hour ?? "00:00")));
      const away =
        userId === null
          ? []
          : facts.blockHours
              .filter((h) => h.userId === userId && h.day === weekday)
              .map((h) => [minutesOf(h.start), minutesOf(h.end)]);
      return slots.filter((m) => !blocked.has(m) && !away.some(([a = 0, b = 0]) => m < b && m + rules.interval > a))
        .length;
    };
    if (rules.mode === "professional") {
      for (const p of facts.professionals) total += open(p) * rules.interval;
    } else {
      const places = open(null) * rules.interval * rules.maxBookings;
      total += places * locationIds.filter((l) => !dayHolidays.includes(l)).length;
    }
  }
  return total;
}

/**
 * The agenda's available minutes of a company from `from` to `to` at some locations (null: every location), read
 * from its rules, holidays, blocks, block hours and professionals: a handful of small reads, whatever the range.
 */
export async function loadAvailableMinutes(
  db: Db,
  companyId: number,
  from: string,
  to: string,
  locationIds: readonly number[] | null,
): Promise<number> {
  const settings = await loadSettings(db, companyId);
  const roleIds = settings.roleIds;
  const [row] = await queryRows<{
    locations: number[];
    holidays: AvailabilityFacts["holidays"];
    blocks: AvailabilityFacts["blocks"];
    block_hours: AvailabilityFacts["blockHours"];
    professionals: number[];
  }>(
    db,
    sql`SELECT
          ARRAY(SELECT id FROM locations WHERE company_id = ${companyId}
                ${locationIds === null ? sql`` : sql`AND id = ANY(${intArray(locationIds)})`} ORDER BY id) AS locations,
          (SELECT coalesce(json_agg(json_build_object('date', date::text, 'locationId', location_id)), '[]')
             FROM holidays WHERE company_id = ${companyId} AND date BETWEEN ${from}::date AND ${to}::date) AS holidays,
          (SELECT coalesce(json_agg(json_build_object('date', date::text, 'hour', to_char(hour, 'HH24:MI'), 'userId', user_id)), '[]')
             FROM booking_blocks
            WHERE company_id = ${companyId} AND active AND date BETWEEN ${from}::date AND ${to}::date) AS blocks,
          (SELECT coalesce(json_agg(json_build_object('userId', user_id, 'day', day, 'start', to_char(start_time, 'HH24:MI'),
                                                      'end', to_char(end_time, 'HH24:MI'))), '[]')
             FROM block_hours WHERE company_id = ${companyId} AND enabled) AS block_hours,
          -- The professionals as the free-slot search reads them (any requirement): users of the booking roles, or
          -- of any role when the company names none.
          ARRAY(SELECT id FROM users WHERE company_id = ${companyId} AND role_id IS NOT NULL
                  AND (${roleIds.length === 0} OR role_id = ANY(${intArray(roleIds)}))) AS professionals`,
  );
  if (!row) return 0;
  return availableMinutes(
    settings.rules,
    { holidays: row.holidays, blocks: row.blocks, blockHours: row.block_hours, professionals: row.professionals },
    from,
    to,
    row.locations,
  );
}
