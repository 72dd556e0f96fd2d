/** /main/vehicles' loader (lib/prefetch.ts): the first page with the filters the screen will use. */
import { storedLocationFilter } from "../../lib/locations";
import type { Prefetch } from "../../lib/prefetch";
import type { vehiclesSearch } from "../../routes/search";
import { filterStore, vehicleStatusIds, vehiclesListInput } from "./list-input";

export const prefetch: Prefetch<ReturnType<typeof vehiclesSearch>> = ({ utils, setup, search }) =>
  utils.vehicles.list.prefetchInfinite(
    vehiclesListInput(
      vehicleStatusIds(search.status, filterStore.get()),
      search.search ?? "",
      storedLocationFilter(setup.locations),
    ),
  );
