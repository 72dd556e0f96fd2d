import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "../../..");
const packageVersion = (JSON.parse(readFileSync(resolve(here, "../package.json"), "utf8")) as { version: string }).version;

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .transform((v) => v === "true" || v === "1");

/** The server's whole configuration, validated once. Nothing else reads process.env. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** postgres:// URL; unset = embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(resolve(repoRoot, ".data")),
  /** Demo data: "auto" seeds an empty embedded database on first start. */
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  WEB_DIST: z.string().default(resolve(repoRoot, "apps/web/dist")),
  APP_VERSION: z.string().default(packageVersion),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy (TLS terminates there). */
  TRUST_PROXY: bool.default(false),
});

export type Env = z.infer<typeof schema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
