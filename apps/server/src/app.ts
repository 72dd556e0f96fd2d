import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { appRouter } from "@taller/api";
import { watchSessionEvents } from "@taller/auth";
import type { Database } from "@taller/db";
import { companies } from "@taller/db";
import { pruneEvents, type EventBus } from "@taller/trpc";
import { applyWSSHandler } from "@trpc/server/adapters/ws";
import { sql } from "drizzle-orm";
import { WebSocketServer, type WebSocket } from "ws";
import { buildContext } from "./context";
import { createFileRoutes } from "./files/routes";
import type { FileStore } from "./files/store";
import type { Logger } from "./logger";
import { bookingAddonFrameAncestors } from "./frame-ancestors";
import { createStaticHandler } from "./static";
import { createTrpcHttpHandler } from "./trpc-http";

export interface AppOptions {
  database: Database;
  bus: EventBus;
  logger: Logger;
  webDist: string;
  trustProxy: boolean;
  version: string;
  /** Where uploaded files live (local disk by default, see files/store.ts). */
  files: FileStore;
}

export interface App {
  server: Server;
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

/** HTTP + WebSocket on one port: tRPC at /trpc, /healthz, uploads at /files, and the web app for everything else. */
export function createApp(opts: AppOptions): App {
  const { database, bus, logger } = opts;
  const deps = { database, bus, trustProxy: opts.trustProxy, appVersion: opts.version };

  const trpc = createTrpcHttpHandler({
    router: appRouter,
    createContext: ({ req, res }) => buildContext(deps, req, (cookie) => res.appendHeader("set-cookie", cookie)),
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error({ err: error.cause ?? error, path }, "procedure failed");
    },
  });
  const files = createFileRoutes({ db: database.db, store: opts.files, trustProxy: opts.trustProxy });
  const web = createStaticHandler(opts.webDist, bookingAddonFrameAncestors(database.db), opts.version);

  const server = createHttpServer(async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0]!;
    try {
      if (path === "/healthz") return await health(res);
      if (path === "/trpc" || path.startsWith("/trpc/")) return await trpc(req, res, path.slice("/trpc/".length).replace(/\/+$/, ""));
      if (path === "/files" || path.startsWith("/files/")) return await files(req, res, path);
      return await web(req, res);
    } catch (err) {
      logger.error({ err, path }, "request failed");
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "internal" }));
    }
  });

  async function health(res: ServerResponse) {
    try {
      await database.db.select({ n: sql<number>`count(*)` }).from(companies).limit(1);
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify({ status: "ok", database: database.driver, version: opts.version }));
    } catch (err) {
      logger.error({ err }, "health check failed");
      res.writeHead(503, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "error", database: database.driver }));
    }
  }

  // WebSocket subscriptions share the port and the /trpc path.
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    if (!(req.url ?? "").startsWith("/trpc")) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  });

  // A socket's context is fixed at connect time, so when its session ends the socket must go.
  const socketsBySession = new Map<string, Set<WebSocket>>();
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    createContext: async ({ req, res: ws }) => {
      const ctx = await buildContext(deps, req, () => {});
      const sessionId = ctx.session?.id;
      if (sessionId) {
        let set = socketsBySession.get(sessionId);
        if (!set) socketsBySession.set(sessionId, (set = new Set()));
        set.add(ws);
        ws.once("close", () => {
          set.delete(ws);
          if (set.size === 0) socketsBySession.delete(sessionId);
        });
      }
      return ctx;
    },
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error({ err: error.cause ?? error, path }, "subscription failed");
    },
  });
  const unwatch = watchSessionEvents(bus, (sessionIds) => {
    for (const id of sessionIds) {
      for (const ws of socketsBySession.get(id) ?? []) ws.close(4001, "session ended");
      socketsBySession.delete(id);
    }
  });
  const pruneTimer = setInterval(() => void pruneEvents(bus).catch((err) => logger.warn({ err }, "prune failed")), 3600_000);
  pruneTimer.unref();

  return {
    server,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      });
    },
    async close() {
      clearInterval(pruneTimer);
      unwatch();
      handler.broadcastReconnectNotification();
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
