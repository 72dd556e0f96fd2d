import { router } from "@taller/trpc";
import { dashboard } from "./dashboard";
import { exportFigure } from "./export";

export const analyticsRouter = router({ dashboard, export: exportFigure });
