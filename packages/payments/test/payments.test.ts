// The payments procedures, the webhook and the poller against a seeded database, with the real Mercado Pago adapter
// talking to a local fake (test/fake-mercadopago.ts) and the local provider.
import { PAYMENT_PAID, PAYMENT_PENDING, PAYMENTS_OFF_TEXT } from "@taller/core";
import { writeBudget } from "@taller/budgets";
import { paymentWebhookInbox, queryRows, realtimeEvents } from "@taller/db";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { allPages, notificationRequests, useSeededApp } from "@taller/trpc/testing";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentsRouter } from "../src";
import { localProvider, recordLocalPayment } from "../src/local";
import { mercadoPagoProvider } from "../src/mercadopago";
import { pollPayments } from "../src/poller";
import { configurePayments } from "../src/provider";
import { settleDecision } from "../src/settle";
import { MAX_SIGNATURE_AGE_MS, parseSignature, signatureHeader, verifySignature } from "../src/signature";
import { processInbox, receiveWebhook } from "../src/webhook";
import { startFakeMercadoPago, type FakeMercadoPago } from "./fake-mercadopago";

const createCaller = createCallerFactory(paymentsRouter);
const app = useSeededApp();
const admin = async () => createCaller(await app.staff("admin@taller.demo"));
const otherAdmin = async () => createCaller(await app.staff("admin@otro.demo"));
const ctx = () => ({ db: app.db(), bus: app.bus() });
const SECRET = "mp-webhook-secret";

let mp: FakeMercadoPago;
let delivery = 0;

beforeAll(async () => {
  mp = await startFakeMercadoPago();
  return async () => {
    configurePayments({ providers: [localProvider()], current: "local" });
    await mp.close();
  };
});

function useProvider(current: "local" | "mercadopago") {
  configurePayments({
    providers: [
      localProvider(),
      mercadoPagoProvider({
        accessToken: mp.accessToken,
        webhookSecret: SECRET,
        apiUrl: mp.url,
        notificationUrl: null,
      }),
    ],
    current,
  });
}

async function failure(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** A notification as Mercado Pago sends it: data.id in the query and body, signed over the manifest. */
function notification(
  provider: string,
  paymentId: string,
  secret: string,
  opts: { requestId?: string; signature?: string; ts?: number } = {},
) {
  const requestId = opts.requestId ?? `req-${++delivery}`;
  const ts = String(opts.ts ?? Date.now());
  return {
    provider,
    headers: {
      "x-request-id": requestId,
      "x-signature": opts.signature ?? signatureHeader(secret, paymentId, requestId, ts),
    },
    query: new URLSearchParams({ "data.id": paymentId, type: "payment" }),
    body: { action: "payment.updated", type: "payment", data: { id: paymentId } },
  };
}

async function deliver(n: ReturnType<typeof notification>) {
  const answer = await receiveWebhook(app.db(), n);
  const processed = answer.inboxId === null ? null : await processInbox(ctx(), answer.inboxId);
  return { ...answer, processed };
}

const eventsFor = async (id: number) =>
  (await app.db().select().from(realtimeEvents).where(eq(realtimeEvents.type, "payment.changed"))).filter((e) =>
    (e.payload as { ids: number[] }).ids.includes(id),
  ).length;

async function newRequest(
  lines = [
    { title: "Frenos", quantity: 2, unit_price: 45_000 },
    { title: "Mano de obra", unit_price: 30_000 },
  ],
) {
  const c = await admin();
  return c.create({ order_id: app.fx().demo.orderIds[3], lines });
}

describe("signature (pure)", () => {
  const ts = "1704908010";
  const at = 1704908010_000;
  const header = signatureHeader("s3cret", "123456", "req-1", ts);
  it("accepts the header signed over id, request id and ts with the secret", () => {
    expect(verifySignature("s3cret", header, "123456", "req-1", at)).toBe(true);
    expect(parseSignature(header)?.ts).toBe(ts);
  });
  it("refuses another secret, id, request id, or a malformed header", () => {
    expect(verifySignature("other", header, "123456", "req-1", at)).toBe(false);
    expect(verifySignature("s3cret", header, "123457", "req-1", at)).toBe(false);
    expect(verifySignature("s3cret", header, "123456", "req-2", at)).toBe(false);
    expect(verifySignature("s3cret", "ts=1,v1=zz", "123456", "req-1", at)).toBe(false);
    expect(verifySignature("s3cret", undefined, "123456", "req-1", at)).toBe(false);
    expect(verifySignature("", header, "123456", "req-1", at)).toBe(false);
  });
  it("lower-cases an alphanumeric data.id as Mercado Pago does before signing", () => {
    expect(verifySignature("s3cret", signatureHeader("s3cret", "abc1", "r", ts), "ABC1", "r", at)).toBe(true);
  });
  it("refuses a valid signature whose ts is more than five minutes from now, in seconds or milliseconds", () => {
    expect(verifySignature("s3cret", header, "123456", "req-1", at + MAX_SIGNATURE_AGE_MS)).toBe(true);
    expect(verifySignature("s3cret", header, "123456", "req-1", at + MAX_SIGNATURE_AGE_MS + 1000)).toBe(false);
    expect(verifySignature("s3cret", header, "123456", "req-1", at - MAX_SIGNATURE_AGE_MS - 1000)).toBe(false);
    const ms = signatureHeader("s3cret", "123456", "req-1", String(at));
    expect(verifySignature("s3cret", ms, "123456", "req-1", at + 60_000)).toBe(true);
    expect(verifySignature("s3cret", ms, "123456", "req-1", at + 24 * 3600_000)).toBe(false);
  });
});

describe("settleDecision (pure)", () => {
  const pending = { status: PAYMENT_PENDING, total: 1000, payment_id: null, payment_status: null };
  const pay = { id: "1", status: "approved", amount: 1000, currency: "CLP" };
  it("pays with the exact amount in CLP, never moves a paid request, refuses another amount or currency", () => {
    expect(settleDecision(pending, pay)).toBe("paid");
    expect(settleDecision({ ...pending, status: PAYMENT_PAID }, { ...pay, status: "refunded" })).toBe("unchanged");
    expect(settleDecision(pending, { ...pay, amount: 999 })).toBe("amount_mismatch");
    expect(settleDecision(pending, { ...pay, currency: "USD" })).toBe("amount_mismatch");
    expect(settleDecision(pending, { ...pay, status: "in_process" })).toBe("pending");
    expect(
      settleDecision({ ...pending, payment_id: "1", payment_status: "in_process" }, { ...pay, status: "in_process" }),
    ).toBe("unchanged");
  });
});

describe("create, totals and the database's rules", () => {
  it("creates a request whose total the database sums, numbered per company, with a local checkout and a client link", async () => {
    useProvider("local");
    const c = await admin();
    const a = await newRequest();
    const b = await newRequest([{ title: "Diagnóstico", unit_price: 29_990 }]);
    expect(a.total).toBe(2 * 45_000 + 30_000);
    expect(a.lines.map((l) => [l.title, l.quantity, l.unit_price])).toEqual([
      ["Frenos", 2, 45_000],
      ["Mano de obra", 1, 30_000],
    ]);
    expect(b.correlative_id).toBe(a.correlative_id + 1);
    expect(a.status).toBe(PAYMENT_PENDING);
    expect(a.checkout_url).toMatch(/^\/payments\/checkout\/LOCAL-\d+-/);
    const token = new URLSearchParams(a.client_url.split("?")[1]).get("token") ?? "";
    const page = await createCaller(app.anonymous()).publicGet({ token });
    expect(page.total).toBe(a.total);
    expect(page.company).toBe("Taller Demo");
    expect(page.lines).toHaveLength(2);
    expect(page.checkout_url).toBe(a.checkout_url);
    // get answers the same link again (derived, not stored).
    expect((await c.get({ id: a.id })).client_url).toBe(a.client_url);
  });

  it("defaults to one line with the order's total; refuses a zero total, a foreign order and bad lines", async () => {
    const c = await admin();
    const [order] = await queryRows<{ total: number; correlative_id: number }>(
      app.db(),
      sql`SELECT total, correlative_id FROM orders WHERE id = ${app.fx().demo.orderIds[5]}`,
    );
    const r = await c.create({ order_id: app.fx().demo.orderIds[5] });
    expect(r.total).toBe(order?.total);
    // A test checkout's link is never sent to the client by WhatsApp (Mercado Pago's is: below).
    expect(r.test).toBe(true);
    expect(await notificationRequests(app.db(), "payment_link", r.id)).toEqual([]);
    expect(r.lines[0]?.title).toBe(`Orden de Trabajo #${order?.correlative_id}`);
    expect(
      (await failure(c.create({ order_id: app.fx().demo.orderIds[5], lines: [{ title: "Nada", unit_price: 0 }] })))
        .message,
    ).toBe("El total del cobro debe ser mayor a $0");
    expect((await failure(c.create({ order_id: app.fx().other.orderIds[0] }))).code).toBe("NOT_FOUND");
    const bad = await failure(
      c.create({ order_id: app.fx().demo.orderIds[5], lines: [{ title: "X", unit_price: 1.5 }] }),
    );
    expect(bad.code).toBe("BAD_REQUEST");
  });

  it("titles the request and names a missing order with the company's term for its orders", async () => {
    const fx = app.fx();
    const terms = sql`jsonb_set(preferences, '{terms,order}', '{"singular":"Reparación","plural":"Reparaciones"}')`;
    const [before] = await queryRows<{ preferences: unknown }>(
      app.db(),
      sql`SELECT preferences FROM companies WHERE id = ${fx.demo.companyId}`,
    );
    await app.db().execute(sql`UPDATE companies SET preferences = ${terms} WHERE id = ${fx.demo.companyId}`);
    try {
      const c = await admin();
      const [order] = await queryRows<{ correlative_id: number }>(
        app.db(),
        sql`SELECT correlative_id FROM orders WHERE id = ${fx.demo.orderIds[6]}`,
      );
      const r = await c.create({ order_id: fx.demo.orderIds[6] });
      expect(r.lines[0]?.title).toBe(`Reparación #${order?.correlative_id}`);
      expect((await failure(c.create({ order_id: fx.other.orderIds[0] }))).message).toBe("Reparación inexistente");
      expect((await failure(c.create({}))).message).toBe("Indica a qué reparación o presupuesto corresponde el cobro");
    } finally {
      await app
        .db()
        .execute(
          sql`UPDATE companies SET preferences = ${JSON.stringify(before?.preferences)}::jsonb WHERE id = ${fx.demo.companyId}`,
        );
    }
  });

  it("from a budget copies its lines, discounts folded into the prices, and its total is the budget's", async () => {
    useProvider("local");
    const fx = app.fx();
    const orderId = fx.demo.orderIds[7] ?? 0;
    // A budget written as the budgets package writes one (the database numbers and totals it).
    const written = await writeBudget(app.db(), {
      companyId: fx.demo.companyId,
      orderId,
      userId: fx.demo.userIds["admin@taller.demo"] ?? 0,
      notes: null,
      lines: [
        { description: "Pastillas de freno", quantity: 2, unit_price: 25_000, discount: 4_000 },
        { description: "Alineación", quantity: 3, unit_price: 10_000, discount: 1_000 },
        { description: "Revisión de cortesía", quantity: 1, unit_price: 0, discount: 0 },
        { description: "Aceite", quantity: 1, unit_price: 12_990, discount: 0 },
      ],
    });
    if (!written.ok) throw new Error(written.problem);
    const r = await (await admin()).create({ budget_id: written.id });
    expect(r.total).toBe(written.total);
    expect(r.total).toBe(2 * 25_000 - 4_000 + 3 * 10_000 - 1_000 + 12_990);
    expect(r.lines.map((l) => [l.title, l.quantity, l.unit_price])).toEqual([
      ["Pastillas de freno", 2, 23_000],
      ["Alineación", 1, 29_000],
      ["Aceite", 1, 12_990],
    ]);
    expect(r.lines[1]?.description).toBe("3 × $10.000 con descuento de $1.000");
    const [row] = await queryRows<{ budget_id: number; order_id: number }>(
      app.db(),
      sql`SELECT budget_id, order_id FROM payment_requests WHERE id = ${r.id}`,
    );
    expect(row).toEqual({ budget_id: written.id, order_id: orderId });
    // Another company's budget is not found.
    expect((await failure((await otherAdmin()).create({ budget_id: written.id }))).code).toBe("NOT_FOUND");
  });

  it("holds the rules in the database: lines fixed once a checkout exists, a paid request never goes back", async () => {
    const r = await newRequest();
    await expect(
      app.db().execute(sql`UPDATE payment_request_lines SET unit_price = 1 WHERE payment_request_id = ${r.id}`),
    ).rejects.toThrow();
    await expect(app.db().execute(sql`UPDATE payment_requests SET total = 1 WHERE id = ${r.id}`)).rejects.toThrow();
    await expect(app.db().execute(sql`UPDATE payment_requests SET status = 2 WHERE id = ${r.id}`)).rejects.toThrow();
    await app
      .db()
      .execute(
        sql`UPDATE payment_requests SET status = 2, payment_id = 'x-${sql.raw(String(r.id))}', paid_at = now(), total_paid = total WHERE id = ${r.id}`,
      );
    await expect(app.db().execute(sql`UPDATE payment_requests SET status = 1 WHERE id = ${r.id}`)).rejects.toThrow();
    await expect(
      app.db().execute(sql`UPDATE payment_requests SET payment_id = 'other' WHERE id = ${r.id}`),
    ).rejects.toThrow();
  });
});

describe("a request's total", () => {
  it("is its lines' sum whatever one statement writes across requests, and a line never moves", async () => {
    const companyId = app.fx().demo.companyId;
    const orderId = app.fx().demo.orderIds[3];
    // Two requests without a checkout, so their lines may change.
    const [a, b] = await queryRows<{ id: number }>(
      app.db(),
      sql`INSERT INTO payment_requests (company_id, order_id, provider)
          VALUES (${companyId}, ${orderId}, 'local'), (${companyId}, ${orderId}, 'local') RETURNING id`,
    );
    const totals = async () =>
      (
        await queryRows<{ id: number; total: number }>(
          app.db(),
          sql`SELECT id, total FROM payment_requests WHERE id IN (${a!.id}, ${b!.id}) ORDER BY id`,
        )
      ).map((r) => r.total);
    await app.db().execute(
      sql`INSERT INTO payment_request_lines (company_id, payment_request_id, position, title, quantity, unit_price)
          VALUES (${companyId}, ${a!.id}, 0, 'Frenos', 2, 45000), (${companyId}, ${a!.id}, 1, 'Mano de obra', 1, 30000),
                 (${companyId}, ${b!.id}, 0, 'Aceite', 3, 12990)`,
    );
    expect(await totals()).toEqual([120_000, 38_970]);
    await app
      .db()
      .execute(
        sql`UPDATE payment_request_lines SET unit_price = unit_price + 10 WHERE payment_request_id IN (${a!.id}, ${b!.id})`,
      );
    expect(await totals()).toEqual([120_030, 39_000]);
    await app.db().execute(sql`DELETE FROM payment_request_lines WHERE payment_request_id = ${a!.id} AND position = 0`);
    expect(await totals()).toEqual([30_010, 39_000]);
    await expect(
      app
        .db()
        .execute(
          sql`UPDATE payment_request_lines SET payment_request_id = ${b!.id} WHERE payment_request_id = ${a!.id}`,
        ),
    ).rejects.toThrow();
    expect(await totals()).toEqual([30_010, 39_000]);
  });
});

describe("list", () => {
  it("the legend's counts agree with the list, per status and under a search", async () => {
    const c = await admin();
    for (const filters of [{}, { search: "a" }, { search: "#1" }]) {
      const first = await c.list(filters);
      const rows = (await allPages((cursor) => c.list({ ...filters, cursor }))).flatMap((p) => p.payments);
      expect(first.total).toBe(rows.length);
      for (const s of [1, 2] as const) {
        expect(first.totals?.by_status.find((b) => b.status_id === s)?.count).toBe(
          rows.filter((r) => r.status === s).length,
        );
        expect((await c.list({ ...filters, status_id: [s] })).total).toBe(rows.filter((r) => r.status === s).length);
      }
      expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    }
    expect((await c.list({ status_id: [] })).total).toBe(0);
  });

  it("keeps the per-status counts through bulk inserts, status changes and deletes in one transaction", async () => {
    const companyId = app.fx().demo.companyId;
    const counted = () =>
      queryRows<{ status: number; kept: number; real: number }>(
        app.db(),
        sql`SELECT s.status, coalesce(k.count, 0)::int AS kept,
                   (SELECT count(*)::int FROM payment_requests r WHERE r.company_id = ${companyId} AND r.status = s.status) AS real
            FROM (VALUES (1), (2)) s(status)
            LEFT JOIN payment_request_counts k ON k.company_id = ${companyId} AND k.status = s.status ORDER BY 1`,
      );
    await app.db().transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO payment_requests (company_id, order_id, provider, requirement_name, client_name, vehicle_identifier, status, total)
                           SELECT ${companyId}, ${app.fx().demo.orderIds[0] ?? 0}, 'local', 'Bulk', 'Bulk ' || i, 'BULK' || i, 1, 1000
                           FROM generate_series(1, 300) i`);
      await tx.execute(
        sql`UPDATE payment_requests SET status = 2, payment_id = 'P' || id, paid_at = now(), total_paid = total WHERE company_id = ${companyId} AND requirement_name = 'Bulk' AND vehicle_identifier LIKE 'BULK1%'`,
      );
      await tx.execute(
        sql`DELETE FROM payment_requests WHERE company_id = ${companyId} AND requirement_name = 'Bulk' AND vehicle_identifier LIKE 'BULK2%'`,
      );
    });
    for (const row of await counted()) expect(row.kept).toBe(row.real);
    await app
      .db()
      .execute(sql`DELETE FROM payment_requests WHERE company_id = ${companyId} AND requirement_name = 'Bulk'`);
    for (const row of await counted()) expect(row.kept).toBe(row.real);
  });

  it("shows another company nothing of Taller Demo", async () => {
    const o = await otherAdmin();
    const mine = (await o.list({})).payments.map((p) => p.id);
    for (const id of app.fx().demo.paymentIds) expect(mine).not.toContain(id);
    expect((await failure(o.get({ id: app.fx().demo.paymentIds[0] ?? 0 }))).code).toBe("NOT_FOUND");
    expect((await failure(o.reprocess({ id: app.fx().demo.paymentIds[1] ?? 0 }))).code).toBe("NOT_FOUND");
  });

  it("a token of another kind or made up opens nothing", async () => {
    const anon = createCaller(app.anonymous());
    expect((await failure(anon.publicGet({ token: app.fx().demo.crmToken }))).code).toBe("UNAUTHORIZED");
    expect((await failure(anon.publicGet({ token: "nope" }))).code).toBe("UNAUTHORIZED");
  });
});

describe("Mercado Pago adapter and webhooks (local fake)", () => {
  it("creates the preference with external_reference = the request and an idempotency key", async () => {
    useProvider("mercadopago");
    const r = await newRequest();
    const call = mp.calls.filter((c) => c.path === "/checkout/preferences").at(-1);
    expect(call?.idempotencyKey).toBe(`taller-payment-${app.fx().demo.companyId}-${r.id}`);
    expect((call?.body as { external_reference: string }).external_reference).toBe(String(r.id));
    expect((call?.body as { items: { currency_id: string }[] }).items.every((i) => i.currency_id === "CLP")).toBe(true);
    expect(r.checkout_url).toMatch(/^https:\/\/www\.mercadopago\.cl\//);
    // A real request: not marked as a test, and its client gets the link by WhatsApp (once per request).
    expect(r.test).toBe(false);
    expect((await (await admin()).list({ search: `#${r.correlative_id}` })).payments[0]?.test).toBe(false);
    expect(await notificationRequests(app.db(), "payment_link", r.id)).toEqual([app.fx().demo.companyId]);
  });

  it("without Mercado Pago and without the test checkout, creating a request is refused in Spanish and makes nothing", async () => {
    configurePayments({ providers: [localProvider()], current: null });
    const c = await admin();
    try {
      expect((await c.checkoutMode()).mode).toBeNull();
      const before = (await c.list({})).total;
      const error = await failure(newRequest());
      expect(error.code).toBe("SERVICE_UNAVAILABLE");
      expect(error.message).toBe(PAYMENTS_OFF_TEXT);
      expect((await c.list({})).total).toBe(before);
    } finally {
      useProvider("local");
    }
    expect((await c.checkoutMode()).mode).toBe("test");
  });

  it("a provider that fails creates nothing", async () => {
    useProvider("mercadopago");
    const before = (await (await admin()).list({})).total;
    mp.failWith = 500;
    try {
      expect((await failure(newRequest())).code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      mp.failWith = null;
    }
    expect((await (await admin()).list({})).total).toBe(before);
  });

  it("pays once: a valid notification pays, a replay is not stored again, a second delivery changes nothing", async () => {
    useProvider("mercadopago");
    const r = await newRequest();
    const p = mp.pay(String(r.id), { transaction_amount: r.total, installments: 3 });
    const n = notification("mercadopago", String(p.id), SECRET);
    const first = await deliver(n);
    expect(first.status).toBe(200);
    expect(first.processed).toBe("paid");
    const paid = await (await admin()).get({ id: r.id });
    expect(paid.status).toBe(PAYMENT_PAID);
    expect(paid.payment_id).toBe(String(p.id));
    expect(paid.total_paid).toBe(r.total);
    expect(paid.installments).toBe(3);
    expect(paid.installment_amount).toBe(Math.ceil(r.total / 3));
    expect(await eventsFor(r.id)).toBe(2); // created + paid
    // The same delivery again: stored once, nothing processed.
    const replay = await deliver(n);
    expect(replay.status).toBe(200);
    expect(replay.inboxId).toBeNull();
    // Mercado Pago re-sends 'approved' later as a new delivery: processed, nothing changes, no event.
    expect((await deliver(notification("mercadopago", String(p.id), SECRET))).processed).toBe("unchanged");
    expect(await eventsFor(r.id)).toBe(2);
  });

  it("out of order: a late notification of an older state does not move a paid request back", async () => {
    useProvider("mercadopago");
    const r = await newRequest();
    const pending = mp.pay(String(r.id), { transaction_amount: r.total, status: "in_process" });
    const approved = mp.pay(String(r.id), { transaction_amount: r.total });
    expect((await deliver(notification("mercadopago", String(approved.id), SECRET))).processed).toBe("paid");
    expect((await deliver(notification("mercadopago", String(pending.id), SECRET))).processed).toBe("unchanged");
    const after = await (await admin()).get({ id: r.id });
    expect(after.status).toBe(PAYMENT_PAID);
    expect(after.payment_id).toBe(String(approved.id));
  });

  it("forged: a bad signature stores nothing; a payment of another amount or currency pays nothing", async () => {
    useProvider("mercadopago");
    const r = await newRequest();
    const p = mp.pay(String(r.id), { transaction_amount: r.total });
    const bad = await deliver(notification("mercadopago", String(p.id), "wrong-secret", { requestId: "forged-1" }));
    expect(bad.status).toBe(401);
    const stored = await app
      .db()
      .select()
      .from(paymentWebhookInbox)
      .where(eq(paymentWebhookInbox.requestId, "forged-1"));
    expect(stored).toHaveLength(0);
    // A genuine signature from an hour ago (a captured notification replayed) is refused too.
    const old = { requestId: "replayed-1", ts: Date.now() - 3600_000 };
    expect((await deliver(notification("mercadopago", String(p.id), SECRET, old))).status).toBe(401);
    const cheap = mp.pay(String(r.id), { transaction_amount: r.total - 1 });
    expect((await deliver(notification("mercadopago", String(cheap.id), SECRET))).processed).toBe("amount_mismatch");
    const dollars = mp.pay(String(r.id), { transaction_amount: r.total, currency_id: "USD" });
    expect((await deliver(notification("mercadopago", String(dollars.id), SECRET))).processed).toBe("amount_mismatch");
    // A notification about a payment the provider does not know.
    expect((await deliver(notification("mercadopago", "999999999", SECRET))).processed).toBe("ignored");
    expect((await (await admin()).get({ id: r.id })).status).toBe(PAYMENT_PENDING);
    // A payment for a request of the local provider cannot settle it through Mercado Pago.
    useProvider("local");
    const local = await newRequest();
    const foreign = mp.pay(String(local.id), { transaction_amount: local.total });
    expect((await deliver(notification("mercadopago", String(foreign.id), SECRET))).processed).toBe("unknown_request");
  });

  it("reprocess asks the provider; the poller catches a payment whose notification never came", async () => {
    useProvider("mercadopago");
    const c = await admin();
    const r = await newRequest();
    const rejected = mp.pay(String(r.id), { transaction_amount: r.total, status: "rejected" });
    expect((await deliver(notification("mercadopago", String(rejected.id), SECRET))).processed).toBe("pending");
    expect((await c.get({ id: r.id })).payment_status).toBe("rejected");
    // The client pays again; the notification is lost. 'Reprocesar pago' finds it.
    mp.pay(String(r.id), { transaction_amount: r.total });
    expect((await c.reprocess({ id: r.id })).status).toBe(PAYMENT_PAID);

    const missed = await newRequest();
    mp.pay(String(missed.id), { transaction_amount: missed.total });
    const counts = await pollPayments(ctx(), new Date());
    expect(counts.paid).toBeGreaterThanOrEqual(1);
    expect((await c.get({ id: missed.id })).status).toBe(PAYMENT_PAID);
  });

  it("a notification stored while the provider was down is processed by the poller later", async () => {
    useProvider("mercadopago");
    const r = await newRequest();
    const p = mp.pay(String(r.id), { transaction_amount: r.total });
    mp.failWith = 503;
    let answer;
    try {
      answer = await deliver(notification("mercadopago", String(p.id), SECRET));
    } finally {
      mp.failWith = null;
    }
    expect(answer.status).toBe(200);
    expect(answer.processed).toMatch(/^error/);
    await app
      .db()
      .execute(
        sql`UPDATE payment_webhook_inbox SET created_at = now() - interval '2 minutes' WHERE id = ${answer.inboxId}`,
      );
    // Only the inbox retry may pay it: the request was polled just now.
    await app.db().execute(sql`UPDATE payment_requests SET polled_at = now() WHERE id = ${r.id}`);
    await pollPayments(ctx(), new Date());
    const [row] = await app
      .db()
      .select()
      .from(paymentWebhookInbox)
      .where(and(eq(paymentWebhookInbox.id, answer.inboxId ?? 0)));
    expect(row?.result).toBe("paid");
  });
});

describe("local provider ('Pago de prueba')", () => {
  it("a payment made on the local checkout, announced with a valid signature, pays the request", async () => {
    useProvider("local");
    const r = await newRequest();
    const preference = r.checkout_url?.split("/").at(-1) ?? "";
    const rejected = await recordLocalPayment(app.db(), preference, false);
    const secret = await localProvider().webhookSecret(app.db());
    expect((await deliver(notification("local", rejected?.paymentId ?? "", secret))).processed).toBe("pending");
    const approved = await recordLocalPayment(app.db(), preference, true);
    expect((await deliver(notification("local", approved?.paymentId ?? "", secret))).processed).toBe("paid");
    const after = await (await admin()).get({ id: r.id });
    expect(after.status).toBe(PAYMENT_PAID);
    expect(after.total_paid).toBe(r.total);
    // Paid, and still marked as a test wherever staff see it: the detail and the list.
    expect(after.test).toBe(true);
    expect((await (await admin()).list({ search: `#${r.correlative_id}` })).payments[0]?.test).toBe(true);
    // The local provider's secret does not sign Mercado Pago's notifications, nor the other way round.
    expect(
      (await receiveWebhook(app.db(), notification("mercadopago", approved?.paymentId ?? "", secret))).status,
    ).toBe(401);
    expect(await recordLocalPayment(app.db(), "LOCAL-1-made-up-preference", true)).toBeNull();
  });
});
