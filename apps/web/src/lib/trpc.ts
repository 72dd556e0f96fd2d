/**
 * The web app's only way to the server: tRPC with types inferred from the server's `AppRouter`.
 *
 * - In components: `trpc.orders.list.useQuery(input)`, `trpc.account.update.useMutation()`,
 *   `trpc.company.onEvent.useSubscription(input, { onData })`, and `trpc.useUtils()` to invalidate or set cache data.
 * - Outside React (route guards, loaders): `trpcUtils.auth.me.ensureData()`, `trpcClient.x.y.query()`.
 * - Errors: `errorCode(error)` gives the tRPC code ("UNAUTHORIZED", "FORBIDDEN"...), `fieldErrorsOf(error)` the
 *   per-field messages of the server's error formatter (zod issues and handler field errors), keyed by field path.
 *
 * Subscriptions travel over one WebSocket on /trpc, opened when the first subscription starts and reopened after a
 * drop; everything else goes over batched HTTP to /trpc. Both carry superjson, so dates stay `Date`s.
 */
import type { AppRouter } from "@taller/api";
import { CLIENT_HEADER } from "@taller/core";
import { QueryCache, QueryClient } from "@tanstack/react-query";
import { createWSClient, httpBatchLink, splitLink, TRPCClientError, wsLink } from "@trpc/client";
import { createTRPCQueryUtils, createTRPCReact } from "@trpc/react-query";
import superjson from "superjson";

export const trpc = createTRPCReact<AppRouter>();

/** The tRPC error code of an error from any call, or null for anything else (network failures included). */
export function errorCode(error: unknown): string | null {
  return error instanceof TRPCClientError ? ((error.data as { code?: string } | undefined)?.code ?? null) : null;
}

/** Field messages from the server (`{ email: ["Correo inválido"] }`); empty when the error has none. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof TRPCClientError)) return {};
  const data = error.data as { fieldErrors?: { fieldErrors?: Record<string, string[]> } | null } | undefined;
  return data?.fieldErrors?.fieldErrors ?? {};
}

const isClientError = (error: unknown) => {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return status !== undefined && status >= 400 && status < 500;
};

let sessionLost: () => void = () => {};
/** Registers what to do when the server no longer knows the session (the router sends the user to /login). */
export function onSessionLost(handler: () => void) {
  sessionLost = handler;
}
/** Reports an error from a query or subscription: an UNAUTHORIZED one means the session ended elsewhere. */
export function reportApiError(error: unknown) {
  if (errorCode(error) === "UNAUTHORIZED") sessionLost();
}

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

const wsUrl = `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/trpc`;
// Lazy: pages without subscriptions (the login page) open no socket.
export const wsClient = createWSClient({
  url: wsUrl,
  lazy: { enabled: true, closeMs: 0 },
  // A session rotation (password or 2FA change) closes the socket before the HTTP answer brings the new cookie:
  // the first reconnect waits a second so that it carries the new one.
  retryDelayMs: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
});

export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: wsLink({ client: wsClient, transformer: superjson }),
      // The header (and JSON bodies) are what the server requires of a POST: a cross-site form can send neither.
      false: httpBatchLink({ url: "/trpc", transformer: superjson, headers: { [CLIENT_HEADER]: "web" } }),
    }),
  ],
});

export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });

/**
 * Forgets everything learnt under the previous session: cached data, and the WebSocket whose identity was fixed
 * when it connected. Call on login, logout and when the session is lost.
 */
export async function resetSessionState() {
  queryClient.clear();
  await wsClient.close();
}
