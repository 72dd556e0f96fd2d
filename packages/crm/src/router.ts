import { router } from "@taller/trpc";
import { clientDetail } from "./client-detail";
import { clients } from "./clients";
import { createClient } from "./create-client";
import { get } from "./get";
import { kpis } from "./kpis";
import { absences, bookings, retentions } from "./list";
import { markLost } from "./mark-lost";
import { mergeClients } from "./merge-clients";
import { onChanged } from "./on-changed";
import { statuses } from "./statuses";
import { updateClient } from "./update-client";
import { updateStatus } from "./update-status";
import { waitingList } from "./waiting-list";

export const crmRouter = router({
  retentions,
  absences,
  bookings,
  kpis,
  statuses,
  get,
  updateStatus,
  markLost,
  waitingList,
  clients,
  clientDetail,
  createClient,
  updateClient,
  mergeClients,
  onChanged,
});
