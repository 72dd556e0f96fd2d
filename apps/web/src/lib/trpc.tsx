/**
 * React hooks over the API client (lib/api.ts), for screens: `trpc.orders.list.useQuery(input)`,
 * `trpc.account.update.useMutation()`, `trpc.company.onVersion.useSubscription(undefined, { onData })`, and
 * `trpc.useUtils()` to invalidate or set cached data. Outside React, `trpcUtils` reads through the same cache.
 *
 * Loaded with the staff area (its guard and shell), not with the login: the query client lives here, and
 * `ApiProvider` wraps the staff shell. lib/api.ts's `loadDataLayer()` is the way to it from outside React.
 */
import type { AppRouter } from "@taller/api";
import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCQueryUtils, createTRPCReact, getQueryKey } from "@trpc/react-query";
import type { ReactNode } from "react";
import { api, isClientError, reportApiError } from "./api";

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportApiError }),
  defaultOptions: {
    queries: {
      // A 4xx answer will not change by asking again; a network blip might.
      retry: (count, error) => !isClientError(error) && count < 2,
      staleTime: 30_000,
    },
  },
});

export const trpc = createTRPCReact<AppRouter>();

export const trpcUtils = createTRPCQueryUtils({ queryClient, client: api });

// The session's data (who the user is, the company's setup with its grants and statuses, the orders' status
// groups) is fetched once per session and shared by every screen: it neither goes stale nor is dropped while no
// screen shows it. A change made here writes the new value into the cache (profile-cache.ts); a new session starts
// from an empty cache (resetSessionState).
for (const procedure of [trpc.auth.me, trpc.company.setup, trpc.orders.statuses]) {
  queryClient.setQueryDefaults(getQueryKey(procedure), { staleTime: Infinity, gcTime: Infinity });
}

export function ApiProvider({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={api} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
