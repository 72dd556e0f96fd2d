import { trimEndOf } from "@taller/core";
import { createDatabase, migrateDatabase } from "@taller/db";
import {
  demoCrmLinks,
  demoProviderLinks,
  demoWorkpointLinks,
  DEMO_WORKPOINT_CODE,
  seedDemoIfEmpty,
} from "@taller/db/seed";
import { configurePush, startPushDelivery, vapidKeys, webPushTransport } from "@taller/push";
import { configureAssistant } from "@taller/chat";
import { crmJobs } from "@taller/crm";
import { startDatabaseImports } from "@taller/manager";
import {
  configureMessaging,
  gupshupAdapter,
  localAdapter,
  messagingJobs,
  startNotificationDelivery,
} from "@taller/messaging";
import { configureDte, configureInvoiceLinks } from "@taller/invoicing";
import { configurePayments, localProvider, mercadoPagoProvider, paymentJobs } from "@taller/payments";
import { busReady, createEventBus, startJobs } from "@taller/trpc";
import module from "node:module";
import { resolve } from "node:path";
import { createApp } from "./app";
import { demoAccountsExist, isLoopback } from "./bind";
import { storeDemoPictures } from "./files/demo-pictures";
import { createS3FileStore } from "./files/s3-store";
import { createDiskFileStore } from "./files/store";
import { fileStoreJob } from "./files/removals";
import { demoInboundMailKey } from "./inbound-mail-demo";
import { loadEnv } from "./env";
import { listenWhileStarting } from "./starting";
import { createLogger } from "./logger";

// Node's own start and this bundle's modules, loaded before the first line below runs.
const modulesCpu = process.cpuUsage();
const modules = { wall: Math.round(performance.now()), cpu: Math.round((modulesCpu.user + modulesCpu.system) / 1000) };
const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const starting = await listenWhileStarting({ port: env.PORT, host: env.HOST, trustProxy: env.TRUST_PROXY, logger });

const database = await createDatabase({ url: env.DATABASE_URL, dataDir: resolve(env.DATA_DIR, "pglite") });
starting.phase("migrations");
await migrateDatabase(database);
if (env.SEED_DEMO === "always" || (env.SEED_DEMO === "auto" && database.driver === "pglite")) {
  starting.phase("seed");
  if (await seedDemoIfEmpty(database.db)) logger.info("seeded demo data (Taller Demo, Otro Taller)");
}
starting.phase("services");
const files = env.FILES_S3_BUCKET
  ? await createS3FileStore({
      bucket: env.FILES_S3_BUCKET,
      endpoint: env.FILES_S3_ENDPOINT,
      region: env.FILES_S3_REGION,
      credentials:
        env.FILES_S3_ACCESS_KEY_ID && env.FILES_S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.FILES_S3_ACCESS_KEY_ID, secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: env.FILES_S3_FORCE_PATH_STYLE,
      prefix: env.FILES_S3_PREFIX,
    })
  : createDiskFileStore(resolve(env.DATA_DIR, "files"));
const bus = createEventBus(database);
await busReady(bus);

// Web push: the key pair exists from the first start on; delivery to push services only with a VAPID subject.
const vapid = await vapidKeys(database.db);
const pushSubject = env.PUSH_DISABLED ? undefined : env.PUSH_VAPID_SUBJECT;
configurePush({ delivery: pushSubject ? "web-push" : "outbox", insecureOrigins: env.PUSH_INSECURE_ORIGINS });
const stopPush = startPushDelivery(bus, {
  db: database.db,
  log: logger,
  transport: pushSubject ? webPushTransport(vapid, pushSubject) : null,
});

// WhatsApp: Gupshup with a partner token, else the local default (messages recorded, never sent).
configureMessaging(
  env.GUPSHUP_PARTNER_TOKEN
    ? gupshupAdapter({ baseUrl: env.GUPSHUP_BASE_URL, partnerToken: env.GUPSHUP_PARTNER_TOKEN })
    : localAdapter,
);
// The AI assistant: on when a model server and a model are named.
configureAssistant(
  env.ASSISTANT_BASE_URL && env.ASSISTANT_MODEL
    ? {
        baseUrl: env.ASSISTANT_BASE_URL,
        apiKey: env.ASSISTANT_API_KEY,
        model: env.ASSISTANT_MODEL,
        timeoutMs: env.ASSISTANT_TIMEOUT_MS,
      }
    : null,
);
if (!env.ASSISTANT_BASE_URL !== !env.ASSISTANT_MODEL)
  logger.warn("the assistant needs both ASSISTANT_BASE_URL and ASSISTANT_MODEL: it stays off");
// Payments: Mercado Pago when configured, else the test checkout only when the configuration turns it on; the local
// provider is always registered (it settles the requests it issued before).
const mercadoPago =
  env.MERCADOPAGO_ACCESS_TOKEN && env.MERCADOPAGO_WEBHOOK_SECRET
    ? mercadoPagoProvider({
        accessToken: env.MERCADOPAGO_ACCESS_TOKEN,
        webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET,
        apiUrl: env.MERCADOPAGO_API_URL,
        notificationUrl: env.PUBLIC_URL ? `${trimEndOf(env.PUBLIC_URL, "/")}/payments/webhook/mercadopago` : null,
      })
    : null;
configurePayments({
  providers: mercadoPago
    ? [localProvider({ publicUrl: env.PUBLIC_URL }), mercadoPago]
    : [localProvider({ publicUrl: env.PUBLIC_URL })],
  current: mercadoPago ? "mercadopago" : env.PAYMENTS_TEST_CHECKOUT ? "local" : null,
});
const paymentsMode = mercadoPago ? "mercadopago" : env.PAYMENTS_TEST_CHECKOUT ? "test checkout" : "off";

// The start script (apps/server/start.mjs) builds the web app beside this process: nothing is served before it is
// there. Asked for once listening for the answer, which is then never missed.
if (env.WEB_BUILD === "pending") {
  starting.phase("web build");
  await new Promise<void>((built) => {
    process.on("message", (message) => {
      if (message === "web-built") built();
    });
    process.send?.("waiting-for-web");
  });
}
const app = createApp({
  database,
  bus,
  logger,
  webDist: env.WEB_DIST,
  trustProxy: env.TRUST_PROXY,
  version: env.APP_VERSION,
  files,
  testCheckout: env.PAYMENTS_TEST_CHECKOUT,
  server: starting.server,
});
const { wall, cpu } = starting.done();
const port = await app.listen(starting.port, env.HOST);
logger.info(
  {
    startup: "ready",
    ms: Math.round(performance.now()),
    database: database.origin ?? database.driver,
    phases: { modules: modules.wall, ...wall },
    cpu: { modules: modules.cpu, ...cpu },
  },
  `ready in ${(performance.now() / 1000).toFixed(1)} s`,
);
// Background sweeps (CRM managements, WhatsApp, payments, abandoned uploads and deleted files' bytes): one process
// at a time runs each.
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
configureInvoiceLinks({ publicUrl });
configureDte({ timeoutMs: env.DTE_TIMEOUT_MS });
const jobs = startJobs(
  { db: database.db, bus },
  [
    ...crmJobs,
    ...messagingJobs(database.db, publicUrl),
    ...paymentJobs({ db: database.db, bus }, logger),
    fileStoreJob(files),
  ],
  logger,
);
// The documents' WhatsApp notifications (booking confirmation, order received, budget ready, payment link).
const stopNotifications = startNotificationDelivery({ db: database.db, bus, publicUrl, log: logger });
// The operators' 'Conectar' imports (one connection at a time per process; restarts pick up what was cut short).
const imports = startDatabaseImports({ db: database.db, bus }, logger);
// Browsers still running an older build (connected to any server on this database) offer to update.
await bus.publish({ companyId: null, type: "version.ready", payload: { version: env.APP_VERSION } });
logger.info(
  {
    port,
    database: database.driver,
    version: env.APP_VERSION,
    push: pushSubject ? "web-push" : "outbox",
    whatsapp: env.GUPSHUP_PARTNER_TOKEN ? "gupshup" : "local",
    payments: paymentsMode,
  },
  `listening on http://localhost:${port}`,
);
// The compile cache the entry turned on (build.mjs), written now rather than at exit: a next start of this build finds
// it even when this process is killed. Node 22.10 on (the types are Node 20's).
(module as { flushCompileCache?: () => void }).flushCompileCache?.();
// The demo's order photos: their bytes, when the store lacks them (a freshly seeded database; a query otherwise).
// After listening: drawing them loads sharp, and nothing needs them before someone opens an order.
const demoPictures = await storeDemoPictures(database.db, files);
if (demoPictures > 0) logger.info(`stored ${demoPictures} demo pictures`);
// The demo's client booking pages (no login), so they can be opened from the log (README 'Agenda').
for (const { company, token } of await demoCrmLinks(database.db)) {
  logger.info({ company }, `client booking link: http://localhost:${port}/client/booking?crm_token=${token}`);
}
// The demo's supplier pages (no login): a pricing and a buy order per company (docs/domains/provider.md).
for (const { company, kind, token } of await demoProviderLinks(database.db)) {
  const path = kind === "pricing" ? "provider/pricing" : "provider/buy-order";
  logger.info(
    { company },
    `supplier ${kind === "pricing" ? "pricing" : "buy order"} link: http://localhost:${port}/${path}?access_token=${token}`,
  );
}
// The demo's work-point kiosk screens (docs/domains/workpoint.md): each company's technician enters
// DEMO_WORKPOINT_CODE.
for (const { company, token } of await demoWorkpointLinks(database.db)) {
  logger.info(
    { company },
    `work-point kiosk link: http://localhost:${port}/workpoint/login?token=${token} (code ${DEMO_WORKPOINT_CODE})`,
  );
}
const demoMailKey = await demoInboundMailKey({ db: database.db, bus });
if (demoMailKey)
  logger.info(
    `demo e-mail bookings (Taller Demo) arrive at POST http://localhost:${port}/inbound/mail/${demoMailKey} (README: curl example)`,
  );
if (env.PAYMENTS_TEST_CHECKOUT && !isLoopback(env.HOST)) {
  logger.warn(
    { host: env.HOST },
    "PAYMENTS_TEST_CHECKOUT is on and the server is reachable from the network: anyone with a payment link can mark it paid",
  );
}
if (!isLoopback(env.HOST) && (await demoAccountsExist(database.db))) {
  logger.warn(
    { host: env.HOST },
    "demo accounts (password demo1234) exist and the server is reachable from the network: remove them or bind HOST=127.0.0.1",
  );
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  // In-flight requests get 10 s; the database and the bus then get a few more to close.
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await app.close(10_000);
    stopPush();
    stopNotifications();
    await jobs.stop();
    await imports.stop();
    await bus.close();
    await database.close();
    logger.info("stopped");
    process.exit(0);
  } catch (err) {
    logger.error({ err }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
