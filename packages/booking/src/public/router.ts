import { router } from "@taller/trpc";
import { create } from "./create";
import { freeSlots } from "./free-slots";
import { get } from "./get";
import { professionals } from "./professionals";

export const publicBookingRouter = router({ get, professionals, freeSlots, create });
