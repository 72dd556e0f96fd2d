import { WEEKDAYS } from "@taller/core";

/** A weekday of days_preferences. */
export interface WorkingDay {
  enabled: boolean;
  start_time: string;
  end_time: string;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/**
 * The agenda's rows per weekday ('1' Monday to '7' Sunday, seed 001 'Booking range response'): every HH:mm from the
 * day's start to its end in steps of time_interval, the end excluded (a slot starting at closing time is no slot);
 * an empty list for a day that is not enabled or not configured.
 */
export function weekdaySlots(prefs: {
  days: Partial<Record<string, WorkingDay>>;
  time_interval: number;
}): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const day of WEEKDAYS) {
    const d = prefs.days[day];
    const slots: string[] = [];
    if (d?.enabled)
      for (let m = minutes(d.start_time); m < minutes(d.end_time); m += prefs.time_interval) slots.push(hhmm(m));
    out[day] = slots;
  }
  return out;
}
