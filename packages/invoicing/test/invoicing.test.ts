// The invoicing procedures against a seeded database, with the HTTP adapter talking to a local fake provider
// (test/fake-dte.ts): drafts from an order, a budget and paid payment requests; issuing accepted, rejected, timed out
// and retried, duplicate; credit notes; folios; the frozen issued document.
import { BOLETA, COUNT_CAP, FACTURA, INVOICE_STATUS_KEYS, invoiceAmounts } from "@taller/core";
import { invoiceConfigs, queryRows } from "@taller/db";
import { postgresOnly, testServerUrl } from "@taller/testing";
import { createCallerFactory } from "@taller/trpc";
import { callFailure as failure, useSeededApp } from "@taller/trpc/testing";
import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { configureDte, invoicingRouter } from "../src";
import { countInvoices } from "../src/counts";
import type { InvoiceFilters } from "../src/filters";
import { cafXml, startFakeDte, type FakeDte } from "./fake-dte";

const createCaller = createCallerFactory(invoicingRouter);
const app = useSeededApp();
const admin = async () => createCaller(await app.staff("admin@taller.demo"));
const otherAdmin = async () => createCaller(await app.staff("admin@otro.demo"));

let dte: FakeDte;
beforeAll(async () => {
  dte = await startFakeDte();
  // Long enough for a loaded machine; the timeout test shortens it for its one late answer.
  configureDte({ timeoutMs: 10_000 });
  return async () => {
    configureDte({ timeoutMs: 15_000 });
    await dte.close();
  };
});

const receiver = {
  receiver_rut: "76.086.428-5",
  receiver_name: "Transportes Andes SpA",
  receiver_activity: "Transporte de carga",
  receiver_address: "Av. Matta 123, Santiago",
};

async function configure(caller: Awaited<ReturnType<typeof admin>>) {
  await caller.saveConfig({
    endpoint: dte.url,
    api_key: dte.apiKey,
    issuer_rut: "76.192.083-9",
    issuer_name: "Taller Demo SpA",
    issuer_activity: "Reparación de vehículos",
    issuer_address: "Los Carrera 100, Santiago",
  });
}

/** Finished (not cancelled) orders of the demo company with a total. */
async function finishedOrders(): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    app.db(),
    sql`SELECT o.id FROM orders o JOIN statuses s ON s.company_id = o.company_id AND s.id = o.status_id
        WHERE o.company_id = ${app.fx().demo.companyId} AND s.finish AND NOT s.cancel
          AND (o.total > 0 OR o.last_budget_id IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
        ORDER BY o.id`,
  );
  return rows.map((r) => r.id);
}

/** A draft of type `type` with one line, written straight to the tables (many at once for the folio tests). */
async function drafts(count: number, type: number, amount = 11_900): Promise<number[]> {
  const companyId = app.fx().demo.companyId;
  const rows = await queryRows<{ id: number }>(
    app.db(),
    sql`INSERT INTO invoices (company_id, dte_type, receiver_rut, receiver_name, receiver_activity, receiver_address)
        SELECT ${companyId}, ${type}, ${receiver.receiver_rut}, ${receiver.receiver_name}, ${receiver.receiver_activity},
               ${receiver.receiver_address}
        FROM generate_series(1, ${count}) RETURNING id`,
  );
  await app.db().execute(
    sql`INSERT INTO invoice_lines (company_id, invoice_id, position, description, quantity, unit_price)
        SELECT ${companyId}, id, 0, 'Mano de obra', 1, ${amount} FROM invoices WHERE id IN (${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
  );
  return rows.map((r) => r.id);
}

/** A seeded generator (mulberry32), so a failing sequence of writes can be replayed. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The stored totals beside a recount of the demo company's documents, per type and status. */
async function storedAndRecounted() {
  const companyId = app.fx().demo.companyId;
  return queryRows<{
    dte_type: number;
    status: string;
    kept: number;
    real: number;
    kept_amount: string;
    real_amount: string;
  }>(
    app.db(),
    sql`SELECT coalesce(k.dte_type, r.dte_type) AS dte_type, coalesce(k.status, r.status) AS status,
               coalesce(k.count, 0)::int AS kept, coalesce(r.count, 0)::int AS real,
               coalesce(k.amount, 0)::text AS kept_amount, coalesce(r.amount, 0)::text AS real_amount
        FROM (SELECT * FROM invoice_status_totals WHERE company_id = ${companyId}) k
        FULL JOIN (SELECT dte_type, status, count(*) AS count, sum(total) AS amount FROM invoices
                   WHERE company_id = ${companyId} GROUP BY 1, 2) r ON (k.dte_type, k.status) = (r.dte_type, r.status)
        ORDER BY 1, 2`,
  );
}

const ids = (values: readonly number[]) =>
  values.length
    ? sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )
    : sql`NULL`;

describe("invoicing", () => {
  it("keeps a draft from a finished order, not sent, while the company has no provider", async () => {
    const caller = await admin();
    const [orderId] = await finishedOrders();
    const draft = await caller.createDraft({ dte_type: FACTURA, order_id: orderId });
    expect(draft.status).toBe("draft");
    expect(draft.order_id).toBe(orderId);
    expect(draft.lines.length).toBeGreaterThan(0);
    // The database's totals are the pure rule's.
    expect({ net: draft.net, exempt: draft.exempt, iva: draft.iva, total: draft.total }).toEqual(
      invoiceAmounts(draft.lines, FACTURA),
    );
    expect(draft.configured).toBe(false);
    const result = await caller.issue({ id: draft.id });
    expect(result.outcome).toBe("not_configured");
    expect(result.message).toContain("Borrador: no enviado al SII");
    expect(result.invoice.status).toBe("draft");
    expect(result.invoice.folio).toBeNull();
    // The same order is not billed twice.
    expect((await failure(caller.createDraft({ dte_type: FACTURA, order_id: orderId }))).message).toBe(
      "Este documento ya fue facturado",
    );
  });

  it("refuses an unfinished order and asks a factura's receiver in Spanish, not a boleta's", async () => {
    const caller = await admin();
    await configure(caller);
    await caller.uploadCaf({ xml: cafXml(33, 1, 1000) });
    await caller.uploadCaf({ xml: cafXml(39, 1, 1000) });
    await caller.uploadCaf({ xml: cafXml(61, 1, 1000) });
    const [open] = await queryRows<{ id: number }>(
      app.db(),
      sql`SELECT o.id FROM orders o JOIN statuses s ON s.id = o.status_id
          WHERE o.company_id = ${app.fx().demo.companyId} AND NOT s.finish LIMIT 1`,
    );
    const refused = await failure(caller.createDraft({ dte_type: FACTURA, order_id: open?.id }));
    expect(refused.fields.order_id?.[0]).toMatch(/^Solo se factura una .* terminada$/);
    const [id] = await drafts(1, FACTURA);
    await caller.updateDraft({ id: id!, receiver_activity: "" });
    const missing = await failure(caller.issue({ id: id! }));
    expect(missing.fields).toEqual({ receiver_activity: ["Ingresa el giro del receptor"] });
    const boleta = await caller.updateDraft({ id: id!, dte_type: BOLETA, receiver_rut: null, receiver_name: null });
    expect(boleta.missing).toEqual({});
    expect((await caller.issue({ id: id! })).outcome).toBe("accepted");
  });

  it("issues with a folio and the stamp, then freezes the document", async () => {
    const caller = await admin();
    const [id] = await drafts(1, FACTURA);
    dte.mode = "accept";
    const result = await caller.issue({ id: id! });
    expect(result.outcome).toBe("accepted");
    expect(result.invoice).toMatchObject({ status: "issued", net: 10_000, iva: 1_900, total: 11_900 });
    expect(result.invoice.folio).toBeGreaterThan(0);
    expect(result.invoice.stamp).toContain("<TED");
    // Lines and amounts cannot change, nor is the document deleted (the database refuses whatever the code does).
    await expect(
      app.db().execute(sql`UPDATE invoice_lines SET unit_price = 1 WHERE invoice_id = ${id!}`),
    ).rejects.toThrow();
    await expect(app.db().execute(sql`UPDATE invoices SET total = 1 WHERE id = ${id!}`)).rejects.toThrow();
    await expect(app.db().execute(sql`DELETE FROM invoices WHERE id = ${id!}`)).rejects.toThrow();
    expect((await failure(caller.updateDraft({ id: id!, receiver_name: "Otro" }))).message).toBe(
      "Solo un borrador admite cambios",
    );
    // Issuing again is a no-op.
    expect((await caller.issue({ id: id! })).outcome).toBe("already_issued");
  });

  it("replaces a draft's lines with the amounts of the rule, and refuses once it is sent", async () => {
    const caller = await admin();
    const [id] = await drafts(1, FACTURA);
    const lines = [
      { description: "Cambio de aceite", quantity: 2, unit_price: 25_000, discount: 1_000 },
      { description: "Permiso de circulación", quantity: 1, unit_price: 30_000, exempt: true },
    ];
    const edited = await caller.setLines({ id: id!, lines });
    expect(edited.lines.map((l) => [l.description, l.total, l.exempt])).toEqual([
      ["Cambio de aceite", 49_000, false],
      ["Permiso de circulación", 30_000, true],
    ]);
    expect({ net: edited.net, exempt: edited.exempt, iva: edited.iva, total: edited.total }).toEqual(
      invoiceAmounts(
        lines.map((l) => ({ discount: 0, exempt: false, ...l })),
        FACTURA,
      ),
    );
    const bad = await failure(
      caller.setLines({ id: id!, lines: [{ description: "X", quantity: 1, unit_price: 100, discount: 101 }] }),
    );
    expect(bad.fields["lines.0.discount"]).toEqual(["El descuento no puede superar el monto de la línea"]);
    dte.mode = "accept";
    expect((await caller.issue({ id: id! })).outcome).toBe("accepted");
    expect((await failure(caller.setLines({ id: id!, lines }))).message).toBe("Solo un borrador admite cambios");
  });

  it("shares an issued document's link for 30 days and sends it by WhatsApp once, with the company's template", async () => {
    const caller = await admin();
    const companyId = app.fx().demo.companyId;
    const [order] = await queryRows<{ id: number; client_id: number }>(
      app.db(),
      sql`SELECT o.id, o.client_id FROM orders o JOIN statuses s ON s.company_id = o.company_id AND s.id = o.status_id
          WHERE o.company_id = ${companyId} AND s.finish AND NOT s.cancel AND o.client_id IS NOT NULL
            AND (o.total > 0 OR o.last_budget_id IS NOT NULL)
            AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
          ORDER BY o.id LIMIT 1`,
    );
    const draft = await caller.createDraft({ dte_type: BOLETA, order_id: order!.id });
    expect((await failure(caller.shareLink({ id: draft.id }))).message).toBe(
      "Solo un documento emitido se puede compartir",
    );
    dte.mode = "accept";
    const issued = (await caller.issue({ id: draft.id })).invoice;
    const first = await caller.shareLink({ id: draft.id });
    expect(first.url).toMatch(/\/client\/invoice\?token=[\w-]{43}$/);
    // 'Enviar por correo' opens the user's mail program with the link in the body.
    expect(first.mailto).toMatch(/^mailto:[^?]*\?subject=Boleta%20N%C2%B0%20\d+%20de%20/);
    expect(first.mailto).toContain(encodeURIComponent(first.url));
    const days = (Date.parse(first.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    // The same link again, its expiry moved on; one row for it.
    const again = await caller.shareLink({ id: draft.id });
    expect(again.url).toBe(first.url);
    expect(Date.parse(again.expires_at)).toBeGreaterThanOrEqual(Date.parse(first.expires_at));
    const [tokens] = await queryRows<{ n: number }>(
      app.db(),
      sql`SELECT count(*)::int AS n FROM document_tokens WHERE kind = 'invoice_token' AND document_id = ${draft.id}`,
    );
    expect(tokens?.n).toBe(1);

    // WhatsApp: without an approved template nothing goes out, and the answer says why.
    const none = await caller.sendWhatsapp({ id: draft.id });
    expect(none).toEqual({
      sent: false,
      message: "La empresa no tiene una plantilla aprobada de 'Documento tributario'",
    });
    await app.db().execute(
      sql`INSERT INTO notification_templates (company_id, notification, name, answer_type, text, fills, whatsapp_active,
                                              whatsapp_status, provider_template_id)
          VALUES (${companyId}, 'invoice_issued', 'Documento', '', 'Hola {{1}}, su {{2}} por {{3}}: {{4}}',
                  '{a,b,c,d}'::text[], true, 'approved', 'local:invoice')`,
    );
    await app.db().execute(sql`UPDATE clients SET phone = '+56911112222' WHERE id = ${order!.client_id}`);
    const sent = await caller.sendWhatsapp({ id: draft.id });
    expect(sent).toEqual({ sent: true, message: "Enviado por WhatsApp (Registrado (no enviado))" });
    const [message] = await queryRows<{ variables: string; document_type: string; document_id: number }>(
      app.db(),
      sql`SELECT variables, document_type, document_id FROM whatsapp_messages
          WHERE company_id = ${companyId} AND dedupe_key = ${`invoice_issued:${draft.id}`}`,
    );
    expect(message).toMatchObject({ document_type: "Order", document_id: order!.id });
    expect(message?.variables).toContain(`Boleta N° ${issued.folio}`);
    expect(message?.variables).toContain(first.url);
    expect((await caller.sendWhatsapp({ id: draft.id })).message).toBe("Este documento ya se envió por WhatsApp");

    // The list by client names the client for the screen's filter chip; a range without it shows nothing.
    const byClient = await caller.list({ client_id: order!.client_id });
    expect(byClient.invoices.map((i) => i.id)).toContain(draft.id);
    expect(byClient.client?.id).toBe(order!.client_id);
    expect((await caller.list({ client_id: order!.client_id, to: "2000-01-01" })).invoices).toEqual([]);
  });

  it("keeps a rejected document's folio and reason, and sends it again with a new key", async () => {
    const caller = await admin();
    const [id] = await drafts(1, FACTURA);
    dte.mode = "reject";
    const rejected = await caller.issue({ id: id! });
    expect(rejected.outcome).toBe("rejected");
    expect(rejected.message).toBe("El SII rechazó el documento: RUT receptor no válido en el SII");
    expect(rejected.invoice).toMatchObject({
      status: "rejected",
      rejection_reason: "RUT receptor no válido en el SII",
    });
    const folio = rejected.invoice.folio;
    dte.mode = "accept";
    const again = await caller.issue({ id: id! });
    expect(again.outcome).toBe("accepted");
    expect(again.invoice.folio).toBe(folio);
    const keys = dte.calls
      .filter((c) => c.body.folio === folio && c.body.type === FACTURA)
      .map((c) => c.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it("retries a timeout with the same key: issued once, same folio", async () => {
    const caller = await admin();
    const [id] = await drafts(1, FACTURA);
    dte.mode = "timeout";
    dte.delayMs = 3_000;
    configureDte({ timeoutMs: 300 });
    const timedOut = await caller.issue({ id: id! }).finally(() => configureDte({ timeoutMs: 10_000 }));
    expect(timedOut.outcome).toBe("unanswered");
    expect(timedOut.message).toContain("no respondió a tiempo");
    expect(timedOut.invoice.status).toBe("sending");
    const folio = timedOut.invoice.folio;
    dte.mode = "accept";
    const retried = await caller.issue({ id: id! });
    expect(retried.outcome).toBe("accepted");
    expect(retried.invoice.folio).toBe(folio);
    expect(dte.issued.get(`${FACTURA}:${folio}`)).toBe(1);
    const keys = dte.calls
      .filter((c) => c.body.folio === folio && c.body.type === FACTURA)
      .map((c) => c.idempotencyKey);
    expect(keys.length).toBe(2);
    expect(new Set(keys).size).toBe(1);
  });

  it("takes a folio the provider already holds (duplicate) as issued", async () => {
    const caller = await admin();
    const [id] = await drafts(1, FACTURA);
    dte.mode = "reject";
    const rejected = await caller.issue({ id: id! });
    // The SII got it meanwhile under another key (an earlier answer lost): the provider answers duplicate.
    dte.mode = "accept";
    await fetch(`${dte.url}/dte`, {
      method: "POST",
      headers: { authorization: `Bearer ${dte.apiKey}`, "idempotency-key": "other-key" },
      body: JSON.stringify({ type: FACTURA, folio: rejected.invoice.folio }),
    });
    const again = await caller.issue({ id: id! });
    expect(again.outcome).toBe("duplicate");
    expect(again.invoice.status).toBe("issued");
  });

  it("voids an issued document with a credit note, never a delete", async () => {
    const caller = await admin();
    const [id] = await drafts(1, FACTURA);
    dte.mode = "accept";
    await caller.issue({ id: id! });
    const result = await caller.cancel({ id: id! });
    expect(result.outcome).toBe("accepted");
    expect(result.credit_note).toMatchObject({ dte_type: 61, status: "issued", total: 11_900 });
    expect(result.credit_note.referenced?.id).toBe(id);
    const original = await caller.get({ id: id! });
    expect(original.status).toBe("cancelled");
    expect(original.credit_note?.id).toBe(result.credit_note.id);
    expect((await failure(caller.cancel({ id: result.credit_note.id }))).message).toBe(
      "Una nota de crédito no se anula",
    );
    // A second 'Anular' makes no second note.
    expect((await caller.cancel({ id: id! })).credit_note.id).toBe(result.credit_note.id);
  });

  it("voids a boleta without a receiver with a credit note that needs none either", async () => {
    const caller = await admin();
    const [id] = await drafts(1, BOLETA);
    await caller.updateDraft({ id: id!, receiver_rut: null, receiver_name: null, receiver_activity: null });
    dte.mode = "accept";
    expect((await caller.issue({ id: id! })).outcome).toBe("accepted");
    const result = await caller.cancel({ id: id! });
    expect(result.outcome).toBe("accepted");
    expect(result.credit_note.missing).toEqual({});
  });

  it("bills a budget and paid payment requests, and refuses unpaid ones", async () => {
    const caller = await admin();
    const [budget] = await queryRows<{ id: number; total: number }>(
      app.db(),
      sql`SELECT b.id, b.total FROM budgets b WHERE b.company_id = ${app.fx().demo.companyId} AND b.total > 0
            AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.budget_id = b.id) ORDER BY b.id DESC LIMIT 1`,
    );
    const fromBudget = await caller.createDraft({ dte_type: BOLETA, budget_id: budget!.id });
    expect(fromBudget.total).toBe(budget!.total);
    const payments = await queryRows<{ id: number; status: number; total: number }>(
      app.db(),
      sql`SELECT id, status, total FROM payment_requests WHERE company_id = ${app.fx().demo.companyId} ORDER BY id`,
    );
    const unpaid = payments.find((p) => p.status === 1);
    if (unpaid)
      expect(
        (await failure(caller.createDraft({ dte_type: BOLETA, payment_request_ids: [unpaid.id] }))).fields,
      ).toEqual({
        payment_request_ids: ["Solo se facturan cobros pagados"],
      });
    const paid = payments.find((p) => p.status === 2);
    if (paid) {
      const fromPaid = await caller.createDraft({ dte_type: BOLETA, payment_request_ids: [paid.id] });
      expect(fromPaid.total).toBe(paid.total);
    }
  });

  it("lists with filters, search and totals per status, and warns when folios run low", async () => {
    const caller = await admin();
    const page = await caller.list({ status: ["issued"] });
    expect(page.invoices.every((i) => i.status === "issued")).toBe(true);
    expect(page.totals?.by_status.find((t) => t.status === "issued")?.count).toBe(page.total);
    const searched = await caller.list({ search: "Transportes" });
    expect(searched.invoices.length).toBeGreaterThan(0);
    const file = await caller.export({ status: ["issued"] });
    expect(file.filename).toMatch(/^Facturación .*\.xlsx$/);
    expect(file.rows).toBe(page.total);
    expect(file.left_out).toBe(0);
    const totals = await caller.totalsByStatus({ dte_type: [61] });
    expect(totals.by_status.find((t) => t.status === "issued")?.amount).toBeGreaterThan(0);
    await caller.uploadCaf({ xml: cafXml(34, 1, 5) });
    expect((await caller.folios()).find((f) => f.dte_type === 34)).toMatchObject({ left: 5, low: true });
    expect((await failure(caller.uploadCaf({ xml: cafXml(34, 3, 8) }))).fields.xml?.[0]).toBe(
      "Ese rango de folios ya está cargado (o se superpone con otro CAF)",
    );
    expect((await failure(caller.uploadCaf({ xml: cafXml(34, 6, 8, "11.111.111-1") }))).fields.xml?.[0]).toContain(
      "no del emisor configurado",
    );
  });

  it("keeps the stored totals per type and status through random drafts, line changes, sends, voids and deletes", async () => {
    const random = seeded(27);
    const pick = <T>(values: readonly T[], share: number) => values.filter(() => random() < share);
    const db = app.db();
    const companyId = app.fx().demo.companyId;
    const ofStatus = async (status: string) =>
      (
        await queryRows<{ id: number }>(
          db,
          sql`SELECT id FROM invoices WHERE company_id = ${companyId} AND status = ${status} AND dte_type <> 61`,
        )
      ).map((r) => r.id);
    for (let round = 0; round < 6; round++) {
      await drafts(
        1 + Math.floor(random() * 40),
        [FACTURA, 34, BOLETA][round % 3]!,
        1000 + Math.floor(random() * 99_000),
      );
      const open = await ofStatus("draft");
      // A draft's lines change its amounts (invoices_recompute updates the document), with a send in one transaction.
      await db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE invoice_lines SET unit_price = unit_price + ${Math.floor(random() * 5000)}
                             WHERE company_id = ${companyId} AND invoice_id IN (${ids(pick(open, 0.3))})`);
        await tx.execute(sql`INSERT INTO invoice_lines (company_id, invoice_id, position, description, quantity, unit_price)
                             SELECT company_id, id, 1, 'Repuesto', 2, 4990 FROM invoices
                             WHERE id IN (${ids(pick(open, 0.2))}) AND NOT EXISTS (
                               SELECT 1 FROM invoice_lines l WHERE l.invoice_id = invoices.id AND l.position = 1)`);
        await tx.execute(sql`UPDATE invoices SET status = 'sending', folio = 800000 + id
                             WHERE id IN (${ids(pick(open, 0.4))}) AND status = 'draft'`);
      });
      const sending = await ofStatus("sending");
      const issued = pick(sending, 0.7);
      await db.execute(sql`UPDATE invoices SET status = 'issued', issued_at = now() WHERE id IN (${ids(issued)})`);
      await db.execute(sql`UPDATE invoices SET status = 'rejected', rejection_reason = 'Prueba'
                           WHERE id IN (${ids(
                             pick(
                               sending.filter((id) => !issued.includes(id)),
                               0.5,
                             ),
                           )})`);
      await db.execute(
        sql`UPDATE invoices SET status = 'cancelled' WHERE id IN (${ids(pick(await ofStatus("issued"), 0.2))})`,
      );
      await db.execute(sql`DELETE FROM invoices WHERE id IN (${ids(pick(await ofStatus("draft"), 0.15))})`);
      for (const row of await storedAndRecounted()) {
        expect({ ...row, kept_amount: row.real_amount }).toEqual(row);
        expect(row.kept).toBe(row.real);
      }
    }
    // The list's boxes read them: per status, and with the type filter.
    const caller = await admin();
    const recount = await storedAndRecounted();
    for (const types of [null, [BOLETA]] as ((typeof BOLETA)[] | null)[]) {
      const page = await caller.list({ dte_type: types });
      expect(page.totals?.capped).toBe(false);
      for (const status of INVOICE_STATUS_KEYS) {
        const rows = recount.filter(
          (r) => r.status === status && (!types || types.includes(r.dte_type as typeof BOLETA)),
        );
        const box = page.totals?.by_status.find((t) => t.status === status);
        expect(box?.count).toBe(rows.reduce((sum, r) => sum + r.real, 0));
        expect(box?.amount).toBe(rows.reduce((sum, r) => sum + Number(r.real_amount), 0));
      }
      expect(page.total).toBe(page.totals?.by_status.reduce((sum, t) => sum + t.count, 0));
    }
  });

  it("counts a filtered view exactly with its pesos under the cap, and stops at the cap past it", async () => {
    const companyId = app.fx().demo.companyId;
    const [today] = await queryRows<{ day: string }>(
      app.db(),
      sql`SELECT ((now() AT TIME ZONE 'America/Santiago')::date)::text AS day`,
    );
    const filters: InvoiceFilters = {
      companyId,
      ownerId: null,
      types: null,
      statuses: null,
      from: today!.day,
      to: null,
      clientId: null,
      search: null,
    };
    const exact = await countInvoices(app.db(), filters);
    const recount = await storedAndRecounted();
    expect(exact.capped).toBe(false);
    // Every document of the test was made today: the day filter matches them all, counted from the sample.
    for (const status of INVOICE_STATUS_KEYS) {
      const rows = recount.filter((r) => r.status === status);
      expect(exact.totals.by_status.find((t) => t.status === status)).toEqual({
        status,
        count: rows.reduce((sum, r) => sum + r.real, 0),
        amount: rows.reduce((sum, r) => sum + Number(r.real_amount), 0),
      });
    }
    await expect(
      app.db().transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO invoices (company_id, dte_type, receiver_name)
                             SELECT ${companyId}, ${BOLETA}, 'Capado ' || i FROM generate_series(1, ${COUNT_CAP}) i`);
        const capped = await countInvoices(tx, filters);
        expect(capped).toMatchObject({ total: COUNT_CAP, capped: true, totals: { capped: true } });
        // The sample stopped at COUNT_CAP + 1 documents, and no pesos are claimed for it.
        expect(capped.totals.by_status.reduce((sum, t) => sum + t.count, 0)).toBe(COUNT_CAP + 1);
        expect(capped.totals.by_status.every((t) => t.amount === null)).toBe(true);
        const drafts = await countInvoices(tx, { ...filters, statuses: ["draft"] });
        expect(drafts).toMatchObject({ total: COUNT_CAP, capped: true });
        // Without the day filter the stored totals still answer exactly.
        const stored = await countInvoices(tx, { ...filters, from: null });
        expect(stored.capped).toBe(false);
        expect(stored.total).toBe(exact.total + COUNT_CAP);
        tx.rollback();
      }),
    ).rejects.toBeInstanceOf(TransactionRollbackError);
  });

  it("shows another company none of it", async () => {
    const other = await otherAdmin();
    const [id] = await drafts(1, FACTURA);
    expect((await failure(other.get({ id: id! }))).code).toBe("NOT_FOUND");
    expect((await failure(other.issue({ id: id! }))).code).toBe("NOT_FOUND");
    expect((await other.list({})).invoices.map((i) => i.id).sort()).toEqual([...app.fx().other.invoiceIds].sort());
    expect(await other.config()).toBeNull();
    const [row] = await app
      .db()
      .select()
      .from(invoiceConfigs)
      .where(eq(invoiceConfigs.companyId, app.fx().demo.companyId));
    expect(row).toBeDefined();
  });

  it.skipIf(!testServerUrl())(
    postgresOnly("100 documents issued at once get 100 distinct consecutive folios"),
    async () => {
      const caller = await admin();
      dte.mode = "accept";
      await caller.uploadCaf({ xml: cafXml(39, 5001, 5200) });
      const [start] = await queryRows<{ next: number }>(
        app.db(),
        sql`SELECT min(next_folio) AS next FROM invoice_folio_ranges
            WHERE company_id = ${app.fx().demo.companyId} AND dte_type = 39 AND next_folio <= last_folio`,
      );
      const ids = await drafts(100, BOLETA);
      const results = await Promise.all(ids.map(async (id) => (await admin()).issue({ id })));
      expect(results.every((r) => r.outcome === "accepted")).toBe(true);
      const folios = results.map((r) => r.invoice.folio ?? 0).sort((a, b) => a - b);
      expect(new Set(folios).size).toBe(100);
      expect(folios[99]! - folios[0]!).toBe(99);
      expect(folios[0]).toBe(start!.next);
    },
  );
});
