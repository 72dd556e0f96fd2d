/** /main/booking's loader (lib/prefetch.ts): the month (and the day) the agenda opens on, and the external mails. */
import { todayIn } from "@taller/core";
import { storedLocationFilter } from "../../lib/locations";
import type { Prefetch } from "../../lib/prefetch";
import type { bookingSearch } from "../../routes/search";
import { monthRange, shownAgenda, withLocations } from "./agenda-rules";

export const prefetch: Prefetch<ReturnType<typeof bookingSearch>> = ({ utils, setup, search }) => {
  const { date, month } = shownAgenda(search, todayIn());
  const locationIds = storedLocationFilter(setup.locations);
  return Promise.all([
    utils.booking.range.prefetch(withLocations(monthRange(month), locationIds)),
    date && utils.booking.day.prefetch(withLocations({ date }, locationIds)),
    utils.booking.externalMails.list.prefetch(),
  ]);
};
