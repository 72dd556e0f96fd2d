/** The WebSocket behind subscriptions (lib/api.ts loads this with the first one). */
import type { AppRouter } from "@taller/api";
import { createWSClient, wsLink } from "@trpc/client";
import superjson from "superjson";
import { workpointToken } from "./workpoint-token";

export const wsClient = createWSClient({
  url: `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/trpc`,
  // Opened with the first subscription and closed with the last.
  lazy: { enabled: true, closeMs: 0 },
  // A session rotation (password or 2FA change) closes the socket before the HTTP answer brings the new cookie:
  // the first reconnect waits a second so that it carries the new one.
  retryDelayMs: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
  // A work-point screen names its device with each connection (a WebSocket carries no custom headers): the kiosk's
  // live feed is a kiosk procedure, which needs the device as the HTTP calls' x-workpoint-token does.
  connectionParams: () => {
    const device = workpointToken();
    return device ? { workpoint_token: device } : null;
  },
});

export const socketLink = wsLink<AppRouter>({ client: wsClient, transformer: superjson });
