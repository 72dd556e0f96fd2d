/** /main/analytics' loader (lib/prefetch.ts): the dashboard of the range the screen opens on. */
import { storedLocationFilter } from "../../lib/locations";
import type { Prefetch } from "../../lib/prefetch";
import type { analyticsSearch } from "../../routes/search";
import { dashboardInput } from "./dashboard-input";

export const prefetch: Prefetch<ReturnType<typeof analyticsSearch>> = async ({ utils, setup, search }) => {
  const { input, range } = dashboardInput(search, storedLocationFilter(setup.locations));
  if (range.success) await utils.analytics.dashboard.prefetch(input);
};
