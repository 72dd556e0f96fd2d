// The electronic-invoicing provider behind an interface (docs/architecture.md 'Adapters'), configured per company
// (invoice_configs): the provider signs the document with the company's CAF, sends it to the SII and answers with
// the electronic stamp. One HTTP adapter speaks the provider API documented in docs/domains/invoicing.md; tests run
// it against a local fake (test/fake-dte.ts). A company without a configuration has no provider: its documents stay
// drafts, never pretending to be sent.
import { invoiceConfigs, type Db } from "@taller/db";
import { eq } from "drizzle-orm";

export interface DteParty {
  rut: string;
  name: string;
  activity: string | null;
  address: string | null;
}

/** What the provider is asked to issue: amounts in pesos, prices IVA included ('montos brutos'). */
export interface DteDocument {
  type: number;
  folio: number;
  /** The issue day, YYYY-MM-DD in America/Santiago. */
  date: string;
  issuer: DteParty;
  receiver: DteParty | null;
  lines: { description: string; quantity: number; unit_price: number; discount: number; exempt: boolean }[];
  totals: { net: number; exempt: number; iva: number; total: number };
  /** A credit note's voided document. */
  reference: { type: number; folio: number; reason: string } | null;
  /** The company's CAF for this folio: the provider stamps with it. */
  caf: string;
}

/**
 * accepted: the SII took it (the stamp, TED, when the provider returns it). duplicate: the provider already holds this
 * folio as issued (an earlier attempt whose answer was lost): the same as accepted. rejected: refused, with the
 * provider's reason. unanswered: no final answer (timeout, 5xx, network): the document may or may not exist there, so
 * it is retried with the same idempotency key, never re-numbered.
 */
export type DteOutcome =
  | { kind: "accepted"; trackId: string; stamp: string | null }
  | { kind: "duplicate"; trackId: string; stamp: string | null }
  | { kind: "rejected"; reason: string }
  | { kind: "unanswered"; reason: string };

export interface DteProvider {
  send(doc: DteDocument, idempotencyKey: string): Promise<DteOutcome>;
}

export interface DteConfig {
  endpoint: string;
  apiKey: string;
  issuer: DteParty;
}

let timeoutMs = 15_000;

/** How long a call may take before it counts as unanswered (tests shorten it). */
export function configureDte(opts: { timeoutMs: number }): void {
  timeoutMs = opts.timeoutMs;
}

/** The company's provider configuration, or null: not configured. */
export async function loadDteConfig(db: Db, companyId: number): Promise<DteConfig | null> {
  const [row] = await db.select().from(invoiceConfigs).where(eq(invoiceConfigs.companyId, companyId));
  if (!row) return null;
  return {
    endpoint: row.endpoint,
    apiKey: row.apiKey,
    issuer: { rut: row.issuerRut, name: row.issuerName, activity: row.issuerActivity, address: row.issuerAddress },
  };
}

const text = (v: unknown, fallback: string) => (typeof v === "string" && v.trim() ? v.trim().slice(0, 500) : fallback);

/** The HTTP adapter: POST {endpoint}/dte with the key as Idempotency-Key. */
export function httpDteProvider(config: DteConfig): DteProvider {
  return {
    async send(doc, idempotencyKey) {
      let res: Response;
      try {
        res = await fetch(new URL("dte", config.endpoint.endsWith("/") ? config.endpoint : `${config.endpoint}/`), {
          method: "POST",
          headers: {
            authorization: `Bearer ${config.apiKey}`,
            "content-type": "application/json",
            "idempotency-key": idempotencyKey,
          },
          body: JSON.stringify(doc),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        const timedOut = e instanceof DOMException && e.name === "TimeoutError";
        return {
          kind: "unanswered",
          reason: timedOut ? "El proveedor no respondió a tiempo" : "No se pudo contactar al proveedor",
        };
      }
      const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      if (res.status === 200 || res.status === 409) {
        const trackId = text(body.track_id, "");
        if (!trackId) return { kind: "unanswered", reason: "El proveedor respondió sin número de seguimiento" };
        const stamp = typeof body.ted === "string" && body.ted ? body.ted : null;
        return res.status === 200 ? { kind: "accepted", trackId, stamp } : { kind: "duplicate", trackId, stamp };
      }
      if (res.status === 422) return { kind: "rejected", reason: text(body.motivo, "Rechazado sin motivo informado") };
      if (res.status === 401 || res.status === 403)
        return { kind: "unanswered", reason: "El proveedor rechazó la credencial configurada" };
      return { kind: "unanswered", reason: `El proveedor respondió con un error (${res.status})` };
    },
  };
}
