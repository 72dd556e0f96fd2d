import { router } from "@taller/trpc";
import { onEvent } from "./on-event";
import { setup } from "./setup";

export const companyRouter = router({
  setup,
  onEvent,
});
