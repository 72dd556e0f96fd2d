import { router } from "@taller/trpc";
import { bookingAddon } from "./booking-addon";
import { onEvent } from "./on-event";
import { onVersion } from "./on-version";
import { setup } from "./setup";

export const companyRouter = router({
  setup,
  onEvent,
  onVersion,
  bookingAddon,
});
