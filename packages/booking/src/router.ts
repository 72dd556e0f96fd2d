import { router } from "@taller/trpc";
import { cancel } from "./cancel";
import { checkIn } from "./check-in";
import { clientOptions } from "./options/client-options";
import { vehicleOptions } from "./options/vehicle-options";
import { confirm } from "./confirm";
import { create } from "./create";
import { day } from "./day";
import { externalMailsRouter } from "./external-mails/router";
import { freeSlots } from "./free-slots";
import { get } from "./get";
import { markNoShow } from "./mark-no-show";
import { professionals } from "./professionals";
import { publicBookingRouter } from "./public/router";
import { range } from "./range";
import { reschedule } from "./reschedule";
import { search } from "./search";
import { toggleBlock } from "./toggle-block";

export const bookingRouter = router({
  range,
  day,
  freeSlots,
  professionals,
  create,
  get,
  confirm,
  markNoShow,
  reschedule,
  checkIn,
  cancel,
  search,
  toggleBlock,
  clientOptions,
  vehicleOptions,
  externalMails: externalMailsRouter,
  public: publicBookingRouter,
});
