/**
 * A screen whose rows another user (or server) may change: it refetches them when the company's stream announces one
 * of these events. Lists refetch their rows, not only their counters, so a row never shows a state that changed
 * elsewhere until a reload.
 *
 *   useRefreshOn(["booking.changed"], () => void utils.vehicles.list.invalidate());
 */
import type { RealtimeEventType } from "@taller/core";
import { reportApiError } from "./api";
import { trpc } from "./trpc";

export function useRefreshOn(types: readonly RealtimeEventType[], refresh: () => unknown) {
  trpc.company.onEvent.useSubscription(undefined, {
    onData: ({ data }) => {
      if ((types as readonly string[]).includes(data.type)) void refresh();
    },
    onError: reportApiError,
  });
}
