// The payment provider behind an interface (docs/architecture.md 'Adapters'): Mercado Pago when the server's
// environment configures it, else the local provider (a 'Pago de prueba' checkout served by this app). Set once by
// the server at start (apps/server/src/index.ts); tests set the one they exercise.
import { PAYMENTS_OFF_TEXT } from "@taller/core";
import type { Db } from "@taller/db";
import { localProvider } from "./local";

export type ProviderName = "local" | "mercadopago";

export interface PreferenceItem {
  title: string;
  description: string | null;
  quantity: number;
  /** Integer pesos. */
  unit_price: number;
}

export interface PreferenceRequest {
  /** The payment request's id: the preference's external_reference. */
  requestId: number;
  items: PreferenceItem[];
  payerEmail: string | null;
  /** The same key for every attempt at one request: the provider creates one preference however often it is asked. */
  idempotencyKey: string;
}

export interface Preference {
  id: string;
  /** 'Enlace Cobro': where the client pays (init_point). */
  checkoutUrl: string;
}

/** A payment as the provider reports it when asked (never as a notification says: notifications can be forged). */
export interface ProviderPayment {
  id: string;
  /** approved, pending, in_process, authorized, rejected, cancelled, refunded, charged_back. */
  status: string;
  externalReference: string | null;
  /** transaction_amount, in the currency's units (pesos for CLP). */
  amount: number;
  currency: string;
  installments: number | null;
  installmentAmount: number | null;
  totalPaid: number | null;
  approvedAt: string | null;
  /** transaction_details.external_resource_url ('Enlace Pago'), when the payment method has one. */
  resourceUrl: string | null;
}

export interface PaymentProvider {
  name: ProviderName;
  createPreference(db: Db, request: PreferenceRequest): Promise<Preference>;
  /** The payment's current state, or null when the provider does not know it. */
  getPayment(db: Db, paymentId: string): Promise<ProviderPayment | null>;
  /** The payments made for one request (the poller's and reprocess's question when no notification arrived). */
  findPayments(db: Db, externalReference: string): Promise<ProviderPayment[]>;
  /** The secret webhook signatures are checked with. */
  webhookSecret(db: Db): Promise<string>;
}

/** A provider that did not answer, or answered an error: the caller says so in Spanish and changes nothing. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

// Until something configures them (tests that do not): the local provider. The server always configures them, and
// makes new requests with the local provider only when its configuration turns the test checkout on.
const providers = new Map<ProviderName, PaymentProvider>([["local", localProvider()]]);
let current: ProviderName | null = "local";

/**
 * Registers the providers this process can talk to and the one new requests use (null: none, creating a request is
 * refused). A request is always settled by the provider that issued it, so a server switched to Mercado Pago, or
 * with the test checkout turned off, still settles its older local requests.
 */
export function configurePayments(opts: { providers: PaymentProvider[]; current: ProviderName | null }): void {
  providers.clear();
  for (const p of opts.providers) providers.set(p.name, p);
  if (opts.current !== null && !providers.has(opts.current))
    throw new Error(`payment provider ${opts.current} not registered`);
  current = opts.current;
}

/** The provider new requests are made with, or null when this server makes none. */
export function currentProviderName(): ProviderName | null {
  return current;
}

/** The provider new requests are made with. */
export function currentProvider(): PaymentProvider {
  if (current === null) throw new ProviderError(PAYMENTS_OFF_TEXT);
  return providerNamed(current);
}

export function providerNamed(name: ProviderName): PaymentProvider {
  const p = providers.get(name);
  if (!p) throw new ProviderError(`El proveedor de pagos ${name} no está configurado en este servidor`);
  return p;
}

export function isProviderName(v: string): v is ProviderName {
  return v === "local" || v === "mercadopago";
}
