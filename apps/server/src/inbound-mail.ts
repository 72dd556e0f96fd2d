// POST /inbound/mail/{key}: bookings that arrive by e-mail (issue 9, seed 001 'External mail'). A mail service (or
// a forwarding rule) posts each message here, either raw (Content-Type message/rfc822, parsed with postal-mime) or
// as the JSON inbound-mail services post (layout in README). The key in the path is the company's
// (packages/booking/src/inbound/key.ts); the message is read by the layout and stored by receiveBookingMail.
//
// What an attacker meets, in order: a method check, a per-address rate limit (before any lookup: guessing keys is
// slow), the content type, the declared size, the key (wrong or malformed: 404, the same work either way), a
// per-company rate limit, the body counted as it streams (1 MiB), a parse that cannot throw out of here (422), and
// the database (a failure is a 503 the sender retries, never a 500 with details). The key is never logged.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { companyForInboundMailKey, receiveBookingMail, type InboundBookingMail } from "@taller/booking";
import type { Db } from "@taller/db";
import { RateLimiter, type EventBus } from "@taller/trpc";
import { z } from "zod";
import { declaredTooLarge, readBody } from "./body";
import { header, mediaType } from "./headers";
import type { Logger } from "./logger";
import { clientIp } from "./proxy";
import { replyJson, retryLater } from "./reply";

export const INBOUND_MAIL_PATH = "/inbound/mail/";
/** Largest message accepted: a booking mail is a few kilobytes; attachments are not read. */
export const MAX_INBOUND_MAIL_BYTES = 1024 * 1024;

export const INBOUND_ERRORS = {
  method: "Método no permitido",
  tooMany: "Demasiadas solicitudes. Intenta nuevamente en unos segundos.",
  mediaType: "Formato no aceptado: envía message/rfc822 o application/json",
  tooLarge: "El correo supera el máximo de 1 MB",
  notFound: "No encontrado",
  unreadable: "El correo no se pudo leer",
  badJson: "El JSON no tiene el formato de correo aceptado (from, subject, text, html, headers)",
  unavailable: "No se pudo guardar el correo. Intenta nuevamente más tarde.",
} as const;

// JSON as inbound-mail services post it (their field names differ; README lists the accepted ones). Unknown fields
// are ignored; headers come as an object, a list of {name, value} or the raw header block.
const headersSchema = z.union([
  z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  z.array(z.object({ name: z.string(), value: z.string() })),
  z.string(),
]);
const jsonMailSchema = z.object({
  message_id: z.string().optional(),
  from: z.unknown().optional(),
  subject: z.string().optional(),
  text: z.string().optional(),
  html: z.string().optional(),
  headers: headersSchema.optional(),
});

/** One header of the JSON's `headers`, case-insensitively. */
function jsonHeader(headers: z.infer<typeof headersSchema> | undefined, name: string): string | undefined {
  const wanted = name.toLowerCase();
  if (headers === undefined) return undefined;
  if (typeof headers === "string") return rawHeader(headers, wanted);
  if (Array.isArray(headers)) return headers.find((h) => h.name.toLowerCase() === wanted)?.value;
  const entry = Object.entries(headers).find(([k]) => k.toLowerCase() === wanted)?.[1];
  return Array.isArray(entry) ? entry[0] : entry;
}

/**
 * The first header `name` (lower case) of a raw header block, its folded lines joined, read line by line: the
 * block is the sender's, up to the body's megabyte.
 */
function rawHeader(block: string, name: string): string | undefined {
  const lines = block.split(/\r?\n/);
  const at = lines.findIndex((line) => line.slice(0, name.length + 1).toLowerCase() === `${name}:`);
  if (at < 0) return undefined;
  const value = [lines[at]?.slice(name.length + 1) ?? ""];
  for (let i = at + 1; i < lines.length && /^[ \t]/.test(lines[i] ?? ""); i++) value.push(lines[i]?.trim() ?? "");
  return value.join(" ").trim();
}

type Parsed =
  | { ok: true; mail: Omit<InboundBookingMail, "messageId"> & { messageId: string | null } }
  | { ok: false; reason: string };

async function parseRaw(body: Buffer): Promise<Parsed> {
  // Loaded with the first mail, not at start.
  const { default: PostalMime } = await import("postal-mime");
  const email = await PostalMime.parse(body, {
    maxNestingDepth: 20,
    maxHeadersSize: 64 * 1024,
    maxRfc822NestingDepth: 0,
  });
  return { ok: true, mail: { messageId: email.messageId ?? null, text: email.text ?? null, html: email.html ?? null } };
}

function parseJson(body: Buffer): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    return { ok: false, reason: INBOUND_ERRORS.badJson };
  }
  const parsed = jsonMailSchema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: INBOUND_ERRORS.badJson };
  const m = parsed.data;
  const messageId = m.message_id ?? jsonHeader(m.headers, "message-id") ?? null;
  return { ok: true, mail: { messageId, text: m.text ?? null, html: m.html ?? null } };
}

export interface InboundMailDeps {
  db: Db;
  bus: EventBus;
  logger: Logger;
  trustProxy: number;
  /** Requests per client address per minute, and messages per company per minute. */
  limits?: { perAddress: number; perCompany: number };
}

export function createInboundMailRoute({
  db,
  bus,
  logger,
  trustProxy,
  limits = { perAddress: 60, perCompany: 120 },
}: InboundMailDeps) {
  const perAddress = new RateLimiter(limits.perAddress, 60_000);
  const perCompany = new RateLimiter(limits.perCompany, 60_000);

  async function handle(req: IncomingMessage, res: ServerResponse, key: string): Promise<void> {
    if (req.method !== "POST") {
      res.setHeader("allow", "POST");
      return replyJson(res, 405, { error: INBOUND_ERRORS.method });
    }
    if (perAddress.hit(clientIp(req, trustProxy)) > 0) return replyJson(res, 429, { error: INBOUND_ERRORS.tooMany });
    const type = mediaType(header(req, "content-type")).toLowerCase();
    if (type !== "message/rfc822" && type !== "application/json")
      return replyJson(res, 415, { error: INBOUND_ERRORS.mediaType });
    if (declaredTooLarge(req, MAX_INBOUND_MAIL_BYTES)) return replyJson(res, 413, { error: INBOUND_ERRORS.tooLarge });

    const companyId = await companyForInboundMailKey(db, key);
    if (companyId === null) return replyJson(res, 404, { error: INBOUND_ERRORS.notFound });
    if (perCompany.hit(String(companyId)) > 0) return replyJson(res, 429, { error: INBOUND_ERRORS.tooMany });

    const body = await readBody(req, MAX_INBOUND_MAIL_BYTES);
    if (!body) return replyJson(res, 413, { error: INBOUND_ERRORS.tooLarge });
    const parsed = await (type === "message/rfc822" ? parseRaw(body) : Promise.resolve(parseJson(body))).catch(
      (): Parsed => ({ ok: false, reason: INBOUND_ERRORS.unreadable }),
    );
    if (!parsed.ok) return replyJson(res, 422, { error: parsed.reason });
    // Without a Message-ID the message's own bytes identify it: the same delivery twice is still stored once.
    const messageId = parsed.mail.messageId?.trim() || `sha256:${createHash("sha256").update(body).digest("hex")}`;

    const result = await receiveBookingMail({ db, bus }, companyId, { ...parsed.mail, messageId });
    if (result.status === "invalid") return replyJson(res, 422, { error: result.reason });
    if (result.status === "duplicate") return replyJson(res, 200, { duplicate: true });
    return replyJson(res, 201, { id: result.id });
  }

  // The path holds the key: failures are logged without it and answered 503 (the sender retries).
  return retryLater(logger, "inbound mail", INBOUND_ERRORS.unavailable, handle);
}
