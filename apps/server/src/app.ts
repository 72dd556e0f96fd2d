import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { appRouter } from "@taller/api";
import { pruneLoginAttempts, sessionDeadline, watchSessionEvents } from "@taller/auth";
import { CLIENT_BUDGET_PATH, CLIENT_INVOICE_PATH, DATABASE_UPLOAD_PATH, trimEndOf } from "@taller/core";
import type { Database } from "@taller/db";
import { configureDatabaseFiles } from "@taller/manager";
import { prunePush } from "@taller/push";
import { companies } from "@taller/db";
import { errorReference, pruneEvents, pruneRateLimits, type EventBus, type TRPCError } from "@taller/trpc";
import { applyWSSHandler } from "@trpc/server/adapters/ws";
import { sql } from "drizzle-orm";
import { WebSocketServer, type WebSocket } from "ws";
import { buildContext } from "./context";
import { BUDGET_PDF_PATH, createBudgetPdfRoute, createClientBudgetPdfRoute } from "./budget-pdf";
import { createClientInvoicePdfRoute, createInvoicePdfRoute, INVOICE_PDF_PATH } from "./invoice-pdf";
import { createFileRoutes } from "./files/routes";
import { createManagerDownloadRoute, DATABASE_DOWNLOAD_PATH } from "./manager-download";
import { createManagerUploadRoute } from "./manager-upload";
import { createInboundMailRoute, INBOUND_MAIL_PATH } from "./inbound-mail";
import { createWhatsappWebhookRoute, WHATSAPP_WEBHOOK_PATH } from "./whatsapp-webhook";
import { replyFailure } from "./link-page";
import { createPaymentRoutes, PAYMENTS_CHECKOUT_PATH, PAYMENTS_WEBHOOK_PATH } from "./payments-routes";
import type { FileStore } from "./files/store";
import type { Logger } from "./logger";
import { bookingAddonFrameAncestors } from "./frame-ancestors";
import { upgradeAllowed } from "./origin";
import { setCommonHeaders, urlPath } from "./headers";
import { SubscriptionSocket } from "./socket";
import { createStaticHandler } from "./static";
import { createTrpcHttpHandler } from "./trpc-http";

/** Largest WebSocket message accepted (ws closes the socket with 1009 beyond it). */
export const WS_MAX_PAYLOAD = 1024 * 1024;

export interface AppOptions {
  database: Database;
  bus: EventBus;
  logger: Logger;
  webDist: string;
  /** Reverse proxies in front of the server (TRUST_PROXY): how many X-Forwarded-* entries to believe. */
  trustProxy: number;
  version: string;
  /** Where uploaded files live (local disk by default, see files/store.ts). */
  files: FileStore;
  /** PAYMENTS_TEST_CHECKOUT: serve the local 'Pago de prueba' checkout (off: its links answer 404). */
  testCheckout?: boolean;
  /** Rate limits of POST /inbound/mail (defaults in inbound-mail.ts); tests lower them. */
  inboundMailLimits?: { perAddress: number; perCompany: number };
  /** A server already listening (the start's waiting one, starting.ts): the app answers on it from now on. */
  server?: Server;
}

export interface App {
  server: Server;
  listen(port: number, host?: string): Promise<number>;
  /**
   * Stops: no new connections, every WebSocket closed with 1001 (going away: clients reconnect, to another instance
   * behind a load balancer), in-flight requests given up to `graceMs` to finish before their connections are cut.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * HTTP + WebSocket on one port: tRPC at /trpc, /healthz, uploads at /files, budget PDFs at /budgets/{id}/pdf, invoice
 * PDFs at /invoices/{id}/pdf, and the web app for everything else.
 */
export function createApp(opts: AppOptions): App {
  const { database, bus, logger } = opts;
  const deps = { database, bus, trustProxy: opts.trustProxy, appVersion: opts.version };

  /** The client saw a generic message and this reference (see publicError); the detail is logged under it. */
  const logFailure = (error: TRPCError, path: string | undefined, msg: string) => {
    if (error.code === "INTERNAL_SERVER_ERROR")
      logger.error({ err: error.cause ?? error, path, requestId: errorReference(error) }, msg);
  };

  const trpc = createTrpcHttpHandler({
    router: appRouter,
    createContext: ({ req, res }) => buildContext(deps, req, (cookie) => res.appendHeader("set-cookie", cookie)),
    onError: ({ error, path }) => logFailure(error, path, "procedure failed"),
  });
  // The operators' databases keep their workbooks and JSON sheets in the same store.
  configureDatabaseFiles(opts.files);
  const managerUpload = createManagerUploadRoute({ db: database.db });
  const managerDownload = createManagerDownloadRoute({ db: database.db, store: opts.files });
  const files = createFileRoutes({ db: database.db, store: opts.files, trustProxy: opts.trustProxy });
  const budgetPdf = createBudgetPdfRoute({ db: database.db, trustProxy: opts.trustProxy });
  const clientBudgetPdf = createClientBudgetPdfRoute({ db: database.db, trustProxy: opts.trustProxy });
  const invoicePdf = createInvoicePdfRoute({ db: database.db, trustProxy: opts.trustProxy });
  const clientInvoicePdf = createClientInvoicePdfRoute({ db: database.db, trustProxy: opts.trustProxy });
  const inboundMail = createInboundMailRoute({
    db: database.db,
    bus,
    logger,
    trustProxy: opts.trustProxy,
    limits: opts.inboundMailLimits,
  });
  const whatsapp = createWhatsappWebhookRoute({ db: database.db, bus, logger, trustProxy: opts.trustProxy });
  const payments = createPaymentRoutes({
    db: database.db,
    bus,
    logger,
    trustProxy: opts.trustProxy,
    testCheckout: opts.testCheckout ?? false,
  });
  const web = createStaticHandler(opts.webDist, bookingAddonFrameAncestors(database.db), opts.version);

  // handle() answers every failure itself (500 below): nothing is left to reject.
  const server = opts.server ?? createHttpServer();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = urlPath(req.url);
    setCommonHeaders(req, res, path, opts.trustProxy);
    try {
      if (path === "/healthz") return await health(res);
      if (path === "/trpc" || path.startsWith("/trpc/"))
        return await trpc(req, res, trimEndOf(path.slice("/trpc/".length), "/"));
      if (path === DATABASE_UPLOAD_PATH) return await managerUpload(req, res);
      const databaseDownload = DATABASE_DOWNLOAD_PATH.exec(path);
      if (databaseDownload) return await managerDownload(req, res, Number(databaseDownload[1]));
      if (path === "/files" || path.startsWith("/files/")) return await files(req, res, path);
      const pdf = BUDGET_PDF_PATH.exec(path);
      if (pdf) return await budgetPdf(req, res, Number(pdf[1]));
      if (path === CLIENT_BUDGET_PATH) return await clientBudgetPdf(req, res);
      const invoice = INVOICE_PDF_PATH.exec(path);
      if (invoice) return await invoicePdf(req, res, Number(invoice[1]));
      if (path === CLIENT_INVOICE_PATH) return await clientInvoicePdf(req, res);
      if (path.startsWith(INBOUND_MAIL_PATH)) return await inboundMail(req, res, path.slice(INBOUND_MAIL_PATH.length));
      if (path.startsWith(WHATSAPP_WEBHOOK_PATH))
        return await whatsapp(req, res, path.slice(WHATSAPP_WEBHOOK_PATH.length));
      if (path.startsWith(PAYMENTS_WEBHOOK_PATH) || path.startsWith(PAYMENTS_CHECKOUT_PATH))
        return await payments(req, res, path);
      return await web(req, res);
    } catch (err) {
      logger.error({ err, path }, "request failed");
      // A link opened in a tab gets a Spanish page; the app's own calls keep their JSON.
      if (!res.headersSent) replyFailure(req, res, 500, "Ocurrió un error inesperado. Intenta nuevamente.");
      else res.end();
    }
  }

  async function health(res: ServerResponse) {
    try {
      await database.db
        .select({ n: sql<number>`count(*)` })
        .from(companies)
        .limit(1);
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify({ status: "ok", database: database.driver, version: opts.version }));
    } catch (err) {
      logger.error({ err }, "health check failed");
      res.writeHead(503, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "error", database: database.driver }));
    }
  }

  // WebSocket subscriptions share the port and the /trpc path. Messages are small JSON: 1 MiB like HTTP bodies.
  // SubscriptionSocket: a chat's subscriptions write their frames to it themselves (one frame built per event).
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD, WebSocket: SubscriptionSocket });
  server.on("upgrade", (req, socket, head) => {
    if (!(req.url ?? "").startsWith("/trpc")) return socket.destroy();
    // Refused before the handshake: a foreign page never gets a socket carrying the user's cookie.
    if (!upgradeAllowed(req, { trustProxy: opts.trustProxy })) {
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  });

  // A socket's context is fixed at connect time, so when its session ends (logout, a device revoked, a password
  // change: `session.ended` from any process; or its expiry) the socket must go.
  const socketsBySession = new Map<string, Set<WebSocket>>();
  const endSocket = (ws: WebSocket) => ws.close(4001, "session ended");
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    createContext: async ({ req, res: ws, info }) => {
      const ctx = await buildContext(deps, req, () => {}, info.connectionParams?.workpoint_token);
      const sessionId = ctx.session?.id;
      if (sessionId) {
        let set = socketsBySession.get(sessionId);
        if (!set) socketsBySession.set(sessionId, (set = new Set()));
        set.add(ws);
        const stopExpiry = closeAtExpiry(ws, sessionId);
        ws.once("close", () => {
          stopExpiry();
          set.delete(ws);
          if (set.size === 0) socketsBySession.delete(sessionId);
        });
      }
      return { ...ctx, socket: ws as SubscriptionSocket };
    },
    onError: ({ error, path }) => logFailure(error, path, "subscription failed"),
  });

  /**
   * Closes the socket when its session expires: a timer at the session's deadline, which then reads the deadline
   * again (HTTP use may have renewed the sliding expiry) and either closes the socket or waits for the new one.
   */
  function closeAtExpiry(ws: WebSocket, sessionId: string): () => void {
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const check = async () => {
      const deadline = await sessionDeadline(database.db, sessionId).catch((err: unknown) => {
        logger.warn({ err }, "session deadline check failed");
        return Date.now() + 60_000;
      });
      if (stopped) return;
      if (deadline === null || deadline <= Date.now()) return endSocket(ws);
      // setTimeout holds at most 2^31-1 ms (24.8 days); a longer wait is taken in steps.
      timer = setTimeout(() => void check(), Math.min(deadline - Date.now(), 2 ** 31 - 1));
      timer.unref();
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }

  const unwatch = watchSessionEvents(bus, (sessionIds) => {
    for (const id of sessionIds) {
      for (const ws of socketsBySession.get(id) ?? []) endSocket(ws);
      socketsBySession.delete(id);
    }
  });
  // Hourly housekeeping: realtime events past the resume window, login attempts past the longest throttle window,
  // push claims and outbox rows past their keeping.
  const prune = () =>
    Promise.all([
      pruneEvents(bus),
      pruneLoginAttempts(database.db),
      prunePush(database.db),
      pruneRateLimits(database.db),
    ]);
  const pruneTimer = setInterval(
    () => void prune().catch((err: unknown) => logger.warn({ err }, "prune failed")),
    3600_000,
  );
  pruneTimer.unref();

  return {
    server,
    listen(port, host) {
      if (server.listening) return Promise.resolve((server.address() as AddressInfo).port);
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      });
    },
    async close(graceMs = 0) {
      clearInterval(pruneTimer);
      unwatch();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      handler.broadcastReconnectNotification();
      for (const ws of wss.clients) ws.close(1001, "server stopping");
      // ws reports closed once every client answered the close (or was cut off below).
      const socketsClosed = new Promise<void>((resolve) => wss.close(() => resolve()));
      const cut = setTimeout(() => {
        server.closeAllConnections();
        for (const ws of wss.clients) ws.terminate();
      }, graceMs);
      await Promise.all([stopped, socketsClosed]);
      clearTimeout(cut);
    },
  };
}
