import { router } from "@taller/trpc";
import { client } from "./client";
import { options } from "./options";
import { vehicle } from "./vehicle";

/** The reception screen's lookups (/main/checkin); the reception itself is orders.receive. */
export const receptionRouter = router({ vehicle, client, options });
