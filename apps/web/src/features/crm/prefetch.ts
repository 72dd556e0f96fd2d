/**
 * The CRM area's loader (lib/prefetch.ts): the first data of the screen the path names, a page of the clients or a
 * management list (the screens' code is asked for with the area's page, routes/pages.ts).
 */
import { CLIENT_MOBILE_PAGE_SIZE, type CrmKind } from "@taller/core";
import { storedLocationFilter } from "../../lib/locations";
import { isNarrow } from "../../lib/media";
import type { Prefetch } from "../../lib/prefetch";
import type { crmSearch } from "../../routes/search";
import { storedManagementFilter } from "./crm-filter";
import { crmScreen } from "./crm-routes";
import { urlRatings } from "./crm-rules";
import { clientsInput, DEFAULT_CLIENTS_PAGE_SIZE, managementsInput } from "./list-input";

const KINDS = { retentions: "retention", absences: "absence", bookings: "booking" } as const;

export const prefetch: Prefetch<ReturnType<typeof crmSearch>> = async ({ utils, setup, can, search, params }) => {
  const screen = crmScreen(params._splat ?? "", can("read", "client"));
  if (screen?.screen === "clients") {
    const pageSize = isNarrow() ? CLIENT_MOBILE_PAGE_SIZE : DEFAULT_CLIENTS_PAGE_SIZE;
    await utils.crm.clients.prefetch(clientsInput(search.search ?? "", urlRatings(search.rating), 1, pageSize));
    return;
  }
  if (screen?.screen !== "retentions" && screen?.screen !== "absences" && screen?.screen !== "bookings") return;
  const kind: CrmKind = KINDS[screen.screen];
  const onlyId = screen.screen === "bookings" ? null : screen.id;
  const input = managementsInput(
    kind,
    storedManagementFilter(kind),
    search,
    onlyId,
    storedLocationFilter(setup.locations),
  );
  const lists = { retention: utils.crm.retentions, absence: utils.crm.absences, booking: utils.crm.bookings };
  await Promise.all([
    lists[kind].prefetchInfinite(input.list),
    kind !== "booking" && utils.crm.kpis.prefetch(input.kpis),
  ]);
};
