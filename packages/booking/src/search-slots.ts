// The free-slot search both booking forms use (staff and the client's page): reads the rules, the professionals, the
// facts of the window and the ids' ownership in one statement and answers the pure rule's hours per day.
import { BOOKING_ERRORS, type FreeSlotsResult } from "@taller/core";
import type { Db } from "@taller/db";
import { notOwned, ownIdsCondition, type OwnIds } from "./book";
import { loadBookingSetup } from "./facts";
import { dayProblem, freeSlotsByDay } from "./slots";

export interface SlotSearch {
  from: string;
  to: string;
  locationId: number | null;
  requirementId: number | null;
  /** A chosen professional; null: any professional who may take the requirement. */
  userId: number | null;
  duration: number | null;
  excludeId: number | null;
  /** The client's page offers nothing before tomorrow. */
  earliestDate?: string;
  /** Ids the caller named: another company's is NOT_FOUND, checked in the search's own statement. */
  ownIds?: OwnIds;
}

export async function searchSlots(db: Db, companyId: number, search: SlotSearch): Promise<FreeSlotsResult> {
  const setup = await loadBookingSetup(db, companyId, search.requirementId, {
    from: search.from,
    to: search.to,
    locationId: search.locationId,
    userId: search.userId,
    excludeId: search.excludeId,
    owned: search.ownIds ? ownIdsCondition(companyId, search.ownIds) : null,
  });
  if (!setup.owned) throw notOwned();
  const { settings, facts } = setup;
  const professional = settings.mode === "professional";
  const eligible = professional ? setup.eligible : [];
  const errors: Record<string, string[]> = {};
  if (professional && search.userId !== null && !eligible.includes(search.userId))
    errors.user_id = [BOOKING_ERRORS.professionalUnavailable];
  const professionals = search.userId === null ? eligible : eligible.filter((id) => id === search.userId);
  const duration = search.duration ?? setup.duration;
  const days = freeSlotsByDay(settings.rules, facts, search.from, search.to, {
    duration,
    professionals,
    now: Date.now(),
  });
  if (search.earliestDate) for (const day of Object.keys(days)) if (day < search.earliestDate) days[day] = [];
  const dayIssue =
    search.earliestDate && search.from < search.earliestDate
      ? BOOKING_ERRORS.dayUnavailable
      : dayProblem(settings.rules, facts, search.from);
  if (dayIssue) errors.booking_date = [dayIssue];
  return { hours: days[search.from] ?? [], days, errors };
}
