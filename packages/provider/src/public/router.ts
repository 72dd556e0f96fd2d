import { router } from "@taller/trpc";
import { getBuyOrder, getPricing } from "./get";
import { save } from "./save";
import { send } from "./send";

/** The supplier's pages: an access_token opens one document, nothing else. */
export const publicProviderRouter = router({ getPricing, getBuyOrder, save, send });
