// The real adapter: Mercado Pago's REST API (checkout preferences, payments) over fetch. Its official Node SDK
// wraps the same three calls with more surface than they need; plain fetch keeps the idempotency header, the
// timeout and the base URL (a local fake in tests) explicit.
import { trimEndOf } from "@taller/core";
import { z } from "zod";
import { ProviderError, type PaymentProvider, type ProviderPayment } from "./provider";

export interface MercadoPagoConfig {
  accessToken: string;
  webhookSecret: string;
  /** https://api.mercadopago.com; tests point it at a local fake. */
  apiUrl: string;
  /** Where Mercado Pago sends notifications: {publicUrl}/payments/webhook/mercadopago. */
  notificationUrl: string | null;
  timeoutMs?: number;
}

const paymentSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string().max(50),
  external_reference: z.string().max(200).nullish(),
  transaction_amount: z.number(),
  currency_id: z.string().max(10),
  installments: z.number().int().nullish(),
  date_approved: z.string().max(50).nullish(),
  transaction_details: z
    .object({
      total_paid_amount: z.number().nullish(),
      installment_amount: z.number().nullish(),
      external_resource_url: z.string().max(2000).nullish(),
    })
    .nullish(),
});

const preferenceSchema = z.object({ id: z.string().max(200), init_point: z.string().url().max(2000) });

export function toProviderPayment(raw: z.infer<typeof paymentSchema>): ProviderPayment {
  const d = raw.transaction_details;
  return {
    id: raw.id,
    status: raw.status,
    externalReference: raw.external_reference ?? null,
    amount: raw.transaction_amount,
    currency: raw.currency_id,
    installments: raw.installments ?? null,
    installmentAmount: d?.installment_amount ?? null,
    totalPaid: d?.total_paid_amount ?? null,
    approvedAt: raw.date_approved ?? null,
    resourceUrl: d?.external_resource_url ?? null,
  };
}

export function mercadoPagoProvider(config: MercadoPagoConfig): PaymentProvider {
  const base = trimEndOf(config.apiUrl, "/");
  async function call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${config.accessToken}`, "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "manual",
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
    } catch {
      throw new ProviderError("Mercado Pago no respondió. Intenta nuevamente en unos minutos.");
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderError(
        `Mercado Pago respondió con un error (${response.status}). Intenta nuevamente.`,
        response.status,
      );
    }
    return response.json();
  }
  return {
    name: "mercadopago",
    async createPreference(_db, request) {
      const raw = await call(
        "POST",
        "/checkout/preferences",
        {
          items: request.items.map((i, n) => ({
            id: String(n + 1),
            title: i.title,
            description: i.description ?? undefined,
            quantity: i.quantity,
            unit_price: i.unit_price,
            currency_id: "CLP",
          })),
          external_reference: String(request.requestId),
          payer: request.payerEmail ? { email: request.payerEmail } : undefined,
          notification_url: config.notificationUrl ?? undefined,
        },
        { "x-idempotency-key": request.idempotencyKey },
      );
      const parsed = preferenceSchema.safeParse(raw);
      if (!parsed.success) throw new ProviderError("Mercado Pago respondió algo inesperado al crear el cobro.");
      return { id: parsed.data.id, checkoutUrl: parsed.data.init_point };
    },
    async getPayment(_db, paymentId) {
      if (!/^\d{1,20}$/.test(paymentId)) return null;
      const raw = await call("GET", `/v1/payments/${paymentId}`);
      if (raw === null) return null;
      const parsed = paymentSchema.safeParse(raw);
      if (!parsed.success) throw new ProviderError("Mercado Pago respondió algo inesperado sobre el pago.");
      return toProviderPayment(parsed.data);
    },
    async findPayments(_db, externalReference) {
      const query = new URLSearchParams({
        external_reference: externalReference,
        sort: "date_created",
        criteria: "desc",
      });
      const raw = await call("GET", `/v1/payments/search?${query.toString()}`);
      const parsed = z.object({ results: z.array(paymentSchema).max(1000) }).safeParse(raw);
      if (!parsed.success) return [];
      return parsed.data.results.map(toProviderPayment);
    },
    webhookSecret: () => Promise.resolve(config.webhookSecret),
  };
}
