export { analyticsRouter } from "./router";
export type { Dashboard } from "./dashboard";
export type { SeriesPoint, Totals } from "./figures";
export type { FigureTable, TableCell } from "./tables";
