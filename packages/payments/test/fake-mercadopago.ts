// A local fake of the three Mercado Pago endpoints the adapter calls (no network): preferences (idempotent on
// X-Idempotency-Key, as Mercado Pago is), payments by id and payments by external_reference. Tests add payments to
// it as a client paying would, then send signed notifications.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakePayment {
  id: number;
  status: string;
  external_reference: string;
  transaction_amount: number;
  currency_id: string;
  installments: number;
  date_approved: string | null;
  transaction_details: { total_paid_amount: number; installment_amount: number; external_resource_url: string | null };
}

export interface FakeMercadoPago {
  url: string;
  accessToken: string;
  /** Every request received: method, path, idempotency key, body. */
  calls: { method: string; path: string; idempotencyKey: string | null; body: unknown }[];
  preferences: Map<string, { id: string; external_reference: string; items: unknown[] }>;
  payments: Map<number, FakePayment>;
  pay(
    externalReference: string,
    opts?: Partial<Pick<FakePayment, "status" | "transaction_amount" | "currency_id" | "installments">>,
  ): FakePayment;
  /** Answer every call with this status (the provider down), or null to answer normally. */
  failWith: number | null;
  close(): Promise<void>;
}

export async function startFakeMercadoPago(accessToken = "TEST-token"): Promise<FakeMercadoPago> {
  let nextPayment = 1_000_000_001;
  let nextPreference = 1;
  const byKey = new Map<string, string>();
  const fake: Omit<FakeMercadoPago, "url" | "close"> = {
    accessToken,
    calls: [],
    preferences: new Map(),
    payments: new Map(),
    failWith: null,
    pay(externalReference, opts = {}) {
      const amount = opts.transaction_amount ?? 0;
      const installments = opts.installments ?? 1;
      const status = opts.status ?? "approved";
      const p: FakePayment = {
        id: nextPayment++,
        status,
        external_reference: externalReference,
        transaction_amount: amount,
        currency_id: opts.currency_id ?? "CLP",
        installments,
        date_approved: status === "approved" ? new Date().toISOString() : null,
        transaction_details: {
          total_paid_amount: amount,
          installment_amount: Math.ceil(amount / installments),
          external_resource_url: null,
        },
      };
      fake.payments.set(p.id, p);
      return p;
    },
  };
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body: unknown = raw ? JSON.parse(raw) : null;
      const key = req.headers["x-idempotency-key"];
      fake.calls.push({
        method: req.method ?? "",
        path: url.pathname,
        idempotencyKey: typeof key === "string" ? key : null,
        body,
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== `Bearer ${accessToken}`) return send(401, { message: "invalid token" });
      if (fake.failWith) return send(fake.failWith, { message: "failure" });
      if (req.method === "POST" && url.pathname === "/checkout/preferences") {
        const b = body as { external_reference: string; items: unknown[] };
        const existing = typeof key === "string" ? byKey.get(key) : undefined;
        const id = existing ?? `123456-pref-${nextPreference++}`;
        if (typeof key === "string") byKey.set(key, id);
        fake.preferences.set(id, { id, external_reference: b.external_reference, items: b.items });
        return send(201, { id, init_point: `https://www.mercadopago.cl/checkout/v1/redirect?pref_id=${id}` });
      }
      if (req.method === "GET" && url.pathname === "/v1/payments/search") {
        const ref = url.searchParams.get("external_reference");
        return send(200, {
          results: [...fake.payments.values()].filter((p) => p.external_reference === ref).reverse(),
        });
      }
      const m = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
      if (req.method === "GET" && m) {
        const p = fake.payments.get(Number(m[1]));
        return p ? send(200, p) : send(404, { message: "not found" });
      }
      send(404, { message: "unknown" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    get failWith() {
      return fake.failWith;
    },
    set failWith(v) {
      fake.failWith = v;
    },
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
