import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "../../..");
const packageVersion = (JSON.parse(readFileSync(resolve(here, "../package.json"), "utf8")) as { version: string })
  .version;

/** How many reverse proxies stand in front of the server; "true"/"false" (the old boolean form) mean 1 and 0. */
const proxyHops = z
  .string()
  .regex(/^(true|false|\d{1,2})$/, "un número de proxies (0 = ninguno) o true/false")
  .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v)));

/** Plain-http loopback origins ("http://127.0.0.1:4000"), comma-separated: a test's local push endpoint. */
const loopbackOrigins = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().regex(/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d{1,5}$/, "orígenes http de loopback con puerto"),
    ),
  );

/** The server's whole configuration, validated once. Nothing else reads process.env. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback unless opened on purpose (HOST=0.0.0.0 for tablets on the LAN). */
  HOST: z.string().default("127.0.0.1"),
  /** postgres:// URL; unset = embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(resolve(repoRoot, ".data")),
  /** Demo data: "auto" seeds an empty embedded database on first start. */
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  WEB_DIST: z.string().default(resolve(repoRoot, "apps/web/dist")),
  /**
   * "pending": the start script (apps/server/start.mjs) is still building WEB_DIST beside this process and says
   * "web-built" over the IPC channel when it is done; the server is not ready before.
   */
  WEB_BUILD: z.enum(["done", "pending"]).default("done"),
  APP_VERSION: z.string().default(packageVersion),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Reverse proxies in front (TLS terminates there): X-Forwarded-For is read that many hops from the right. */
  TRUST_PROXY: proxyHops.default(0),
  /**
   * Web push: who runs this server, as a `mailto:` address or an `https:` URL (push services contact it about
   * abuse). Setting it turns delivery to the browsers' push services on; unset, pushes go to the push_outbox table.
   */
  PUSH_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "mailto:correo o una URL https://")
    .optional(),
  /** true: pushes stay in the outbox even with a subject (a staging copy of production data, say). */
  PUSH_DISABLED: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /**
   * Payments through Mercado Pago: the application's access token and its webhook secret (both from Mercado Pago's
   * developer panel). Unset, no payment request can be made unless PAYMENTS_TEST_CHECKOUT turns the test one on.
   */
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(10).max(500).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(10).max(500).optional(),
  /**
   * true: without Mercado Pago, payment links go to the local 'Pago de prueba' checkout this server serves, where
   * whoever holds the link approves the payment and no money moves. For the demo (`pnpm start` turns it on,
   * apps/server/demo.env) and tests only; off by default.
   */
  PAYMENTS_TEST_CHECKOUT: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Mercado Pago's API; tests and staging point it elsewhere. */
  MERCADOPAGO_API_URL: z.string().url().default("https://api.mercadopago.com"),
  /** The server's public address (https://taller.example.cl): where Mercado Pago sends notifications. */
  PUBLIC_URL: z.string().url().optional(),
  /** Tests only: plain-http loopback origins accepted as push endpoints besides the push services. */
  PUSH_INSECURE_ORIGINS: loopbackOrigins.default([]),
  /**
   * WhatsApp through Gupshup's partner API: the partner token turns the real adapter on; unset, every outbound
   * message is only recorded in whatsapp_messages (status 'recorded', never delivered).
   */
  GUPSHUP_PARTNER_TOKEN: z.string().min(10).optional(),
  /** Gupshup's partner API base (a test's local fake Gupshup). */
  GUPSHUP_BASE_URL: z.string().url().default("https://partner.gupshup.io"),
  /**
   * The AI assistant: any server speaking the OpenAI-compatible chat completions API ("https://api.openai.com/v1",
   * or a local one such as "http://127.0.0.1:11434/v1"). Base URL and model both set turn it on; unset, the
   * assistant's threads say it is not configured.
   */
  ASSISTANT_BASE_URL: z
    .string()
    .url("una URL http(s)")
    .regex(/^https?:\/\//, "una URL http(s)")
    .optional(),
  /** Sent as a bearer token (local servers usually need none). */
  ASSISTANT_API_KEY: z.string().max(500).optional(),
  ASSISTANT_MODEL: z.string().min(1).max(200).optional(),
  /** Milliseconds to wait for the model's answer (at most 60 s: past that a question counts as failed). */
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(60_000),
  /**
   * Milliseconds to wait for the electronic-invoicing provider's answer before a document stays 'Enviando' (its
   * retry sends the same folio under the same key, so nothing is issued twice).
   */
  DTE_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /**
   * Files (pictures, workbooks, thumbnails) in S3-compatible object storage: setting the bucket turns it on; unset,
   * they stay under DATA_DIR/files. The endpoint names a non-AWS server (MinIO, R2, a local one), which usually also
   * needs path-style addressing. Without keys the SDK's own chain applies (an instance role, say).
   */
  FILES_S3_BUCKET: z.string().min(3).max(63).optional(),
  FILES_S3_ENDPOINT: z.string().url("una URL http(s)").optional(),
  FILES_S3_REGION: z.string().min(1).default("us-east-1"),
  FILES_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  FILES_S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Prepended to every key ("taller/"): several installations in one bucket. */
  FILES_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)*$/, "carpetas terminadas en /, como taller/")
    .default(""),
});

export type Env = z.infer<typeof schema>;

/** The object storage's key pair goes together too. */
function checkFiles(env: Env): string | null {
  if (Boolean(env.FILES_S3_ACCESS_KEY_ID) !== Boolean(env.FILES_S3_SECRET_ACCESS_KEY)) {
    return "FILES_S3_ACCESS_KEY_ID y FILES_S3_SECRET_ACCESS_KEY van juntos";
  }
  return null;
}

/** Mercado Pago needs its token and secret together: one without the other is a configuration mistake. */
function checkPayments(env: Env): string | null {
  if (Boolean(env.MERCADOPAGO_ACCESS_TOKEN) !== Boolean(env.MERCADOPAGO_WEBHOOK_SECRET)) {
    return "MERCADOPAGO_ACCESS_TOKEN y MERCADOPAGO_WEBHOOK_SECRET van juntos";
  }
  return null;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  const mistake = checkPayments(parsed.data) ?? checkFiles(parsed.data);
  if (mistake) throw new Error(`Invalid configuration:\n${mistake}`);
  return parsed.data;
}
