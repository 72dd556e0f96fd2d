/** /main/calendar's loader (lib/prefetch.ts): the days of the view the screen opens on. */
import { storedLocationFilter } from "../../lib/locations";
import type { Prefetch } from "../../lib/prefetch";
import type { calendarSearch } from "../../routes/search";
import { calendarInput, shownPeriod, storedType } from "./view-input";

export const prefetch: Prefetch<ReturnType<typeof calendarSearch>> = ({ utils, setup, search }) => {
  const { mode, day } = shownPeriod(search);
  const input = calendarInput(day, mode, storedType.get(), storedLocationFilter(setup.locations));
  return mode === "month" ? utils.calendar.month.prefetch(input) : utils.calendar.range.prefetch(input);
};
