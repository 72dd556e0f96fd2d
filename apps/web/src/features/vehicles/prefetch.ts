/** /main/vehicles' loader (lib/prefetch.ts): the first page with the filters the screen will use. */
import { storedLocationFilter } from "../../lib/locations";
import type { Prefetch } from "../../lib/prefetch";
import { filterStore, vehicleStatusIds, vehiclesListInput } from "./list-input";
import type { VehicleStatusId } from "./statuses";

export const prefetch: Prefetch = async ({ loadDataLayer, setup }, search) => {
  const { trpcUtils } = await loadDataLayer();
  const statusIds = vehicleStatusIds(search.status as VehicleStatusId[] | undefined, filterStore.get());
  const text = typeof search.search === "string" ? search.search : "";
  await trpcUtils.vehicles.list.prefetchInfinite(
    vehiclesListInput(statusIds, text, storedLocationFilter(setup.locations)),
  );
};
