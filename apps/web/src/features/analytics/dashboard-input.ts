/**
 * What the dashboard asks for, shared by the screen and its route's loader (prefetch.ts): the range the URL names
 * (the last 30 days without it), compared with the one before unless it says not, for the shell's locations.
 */
import { analyticsRangeSchema, defaultAnalyticsRange } from "@taller/core";
import { inSpanish } from "../../lib/zod-spanish";
import type { analyticsSearch } from "../../routes/search";

export function dashboardInput(search: ReturnType<typeof analyticsSearch>, locationIds: number[] | null) {
  const fallback = defaultAnalyticsRange();
  const input = {
    from: search.from ?? fallback.from,
    to: search.to ?? fallback.to,
    location_ids: locationIds,
    compare: search.compare ?? true,
  };
  inSpanish();
  return { input, range: analyticsRangeSchema.safeParse({ from: input.from, to: input.to }) };
}
