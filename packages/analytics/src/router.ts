import { router } from "@taller/trpc";
import { dashboard } from "./dashboard";

export const analyticsRouter = router({ dashboard });
