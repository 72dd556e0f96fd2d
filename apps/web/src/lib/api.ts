/**
 * The web app's only way to the server: one tRPC client typed by the server's `AppRouter` (a type-only import).
 * It travels in the router context (routes/router.tsx) with `loadDataLayer`, which brings the query client.
 *
 * - Route guards and loaders: `context.api.x.y.query()`, or through the query cache:
 *   `const { trpcUtils } = await context.loadDataLayer(); await trpcUtils.auth.me.ensureData()`.
 * - Screens: the React hooks of `lib/trpc` (`trpc.orders.list.useQuery(input)`), which wrap this same client.
 * - Errors: `errorCode(error)` gives the tRPC code ("UNAUTHORIZED", "FORBIDDEN"...), `fieldErrorsOf(error)` the
 *   per-field messages of the server's error formatter, keyed by field path (forms map them with lib/form-errors).
 *
 * Queries and mutations go over batched HTTP to /trpc. Subscriptions go over one WebSocket, whose code is loaded
 * and whose socket is opened with the first subscription (lib/api-socket.ts): the login page needs neither.
 * The query client, React Query's bindings and the WebSocket are loaded when first needed (the staff area, the
 * first subscription): this file is in every route's bundle, the login's included, so it stays small.
 */
import type { AppRouter } from "@taller/api";
import { CLIENT_HEADER, MAX_BATCH_CALLS } from "@taller/core";
import { createTRPCClient, httpBatchLink, splitLink, TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable, type Unsubscribable } from "@trpc/server/observable";
import superjson from "superjson";
import type * as Socket from "./api-socket";
import type * as DataLayer from "./trpc";
import { WORKPOINT_TOKEN_HEADER, workpointToken } from "./workpoint-token";

/** The tRPC code of an error from any call, or null for anything else (network failures included). */
export function errorCode(error: unknown): string | null {
  return error instanceof TRPCClientError ? ((error.data as { code?: string } | undefined)?.code ?? null) : null;
}

/** Field messages from the server (`{ email: ["Correo inválido"] }`); empty when the error has none. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof TRPCClientError)) return {};
  const data = error.data as { fieldErrors?: { fieldErrors?: Record<string, string[]> } | null } | undefined;
  return data?.fieldErrors?.fieldErrors ?? {};
}

let sessionLost: () => void = () => {};
/** Registers what to do when the server no longer knows the session (the router sends the user to /login). */
export function onSessionLost(handler: () => void) {
  sessionLost = handler;
}
/** Reports an error from a query or subscription: an UNAUTHORIZED one means the session ended elsewhere. */
export function reportApiError(error: unknown) {
  if (errorCode(error) === "UNAUTHORIZED") sessionLost();
}

/** True for an answer that asking again will not change (a 4xx); a network blip might. */
export const isClientError = (error: unknown) => {
  const status =
    error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return status !== undefined && status >= 400 && status < 500;
};

let dataLayer: Promise<typeof DataLayer> | null = null;
/** The query client with React Query's bindings (lib/trpc.tsx): the staff area loads it, the login does not. */
export const loadDataLayer = () => (dataLayer ??= import("./trpc"));

let socket: Promise<typeof Socket> | null = null;
const loadSocket = () => (socket ??= import("./api-socket"));

/** Subscriptions, through the WebSocket link loaded on first use. */
const subscriptionLink: TRPCLink<AppRouter> =
  (runtime) =>
  ({ op, next }) =>
    observable((observer) => {
      let subscription: Unsubscribable | undefined;
      let ended = false;
      loadSocket().then(
        ({ socketLink }) => {
          if (!ended) subscription = socketLink(runtime)({ op, next }).subscribe(observer);
        },
        (cause: unknown) =>
          observer.error(TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause)))),
      );
      return () => {
        ended = true;
        subscription?.unsubscribe();
      };
    });

/** Queries and mutations: batched HTTP. */
// The header (and JSON bodies) are what the server requires of a POST: a cross-site form can send neither. Batches
// split at the server's limit, which refuses a larger one whole.
const requestLink = httpBatchLink({
  url: "/trpc",
  transformer: superjson,
  maxItems: MAX_BATCH_CALLS,
  headers: () => {
    // The kiosk's device token, when this browser is a work-point screen (lib/workpoint-token.ts).
    const device = workpointToken();
    return device ? { [CLIENT_HEADER]: "web", [WORKPOINT_TOKEN_HEADER]: device } : { [CLIENT_HEADER]: "web" };
  },
});

export const api = createTRPCClient<AppRouter>({
  links: [splitLink({ condition: (op) => op.type === "subscription", true: subscriptionLink, false: requestLink })],
});
export type Api = typeof api;

/**
 * Forgets everything learnt under the previous session: cached data, and the WebSocket whose identity was fixed
 * when it connected. Call on login, logout and when the session is lost.
 */
export async function resetSessionState() {
  if (dataLayer) (await dataLayer).queryClient.clear();
  if (socket) await (await socket).wsClient.close();
}
