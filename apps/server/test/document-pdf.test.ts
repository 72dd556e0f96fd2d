// The documents' PDF links (src/document-pdf.ts), on one server: GET /budgets/{id}/pdf and /invoices/{id}/pdf for a
// staff session that may read them, of its own company; the clients' links /client/budget and /client/invoice
// (registered tokens; an invoice's expires). The invoice's stamp is a barcode image only when there is a stamp.
import { BUDGET_TEXTS } from "@taller/core";
import { budgetClientToken, budgets, documentTokens, invoiceClientToken, queryRows } from "@taller/db";
import { sha256 } from "@taller/trpc";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { expectLinkPage, loginCookie, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let asesor: string;
beforeAll(async () => {
  server = await startTestServer();
  return () => server.close();
});
beforeAll(async () => {
  asesor = await loginCookie(server.url, "asesor@taller.demo");
});

const pdfOf = (id: number | string, cookie?: string) =>
  fetch(`${server.url}/budgets/${id}/pdf`, { headers: cookie ? { cookie } : {} });

describe("GET /budgets/{id}/pdf", () => {
  it("serves the budget inline as 'Presupuesto_{correlative}.pdf'", async () => {
    const id = server.fx.demo.budgetIds[0] ?? 0;
    const [budget] = await server.tdb.database.db.select().from(budgets).where(eq(budgets.id, id));
    const res = await pdfOf(id, asesor);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="Presupuesto_${budget?.correlativeId}.pdf"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The document's title (metadata, not compressed) names the budget.
    expect(bytes.toString("latin1")).toContain(`(Presupuesto_${budget?.correlativeId})`);
  });

  it("is a 404 for another company's budget or a budget that does not exist, and refuses without a session or grant", async () => {
    await expectLinkPage(pdfOf(server.fx.other.budgetIds[0] ?? 0, asesor), 404, BUDGET_TEXTS.notFound);
    await expectLinkPage(pdfOf(2_147_483_647, asesor), 404, BUDGET_TEXTS.notFound);
    expect((await pdfOf(9_999_999_999, asesor)).status).toBe(404);
    await expectLinkPage(pdfOf(server.fx.demo.budgetIds[0] ?? 0), 401, "Debes iniciar sesión");
    const tecnico = await loginCookie(server.url, "tecnico@taller.demo");
    await expectLinkPage(pdfOf(server.fx.demo.budgetIds[0] ?? 0, tecnico), 403, "No tienes acceso");
  });
});

describe("GET /client/budget?token= (the link of the 'Presupuesto listo' WhatsApp message)", () => {
  const clientPdf = (token: string) => fetch(`${server.url}/client/budget?token=${encodeURIComponent(token)}`);

  it("opens the one budget its registered token names, without a session; nothing else", async () => {
    const db = server.tdb.database.db;
    const { demo } = server.fx;
    const { paymentToken } = demo;
    const id = demo.budgetIds[1] ?? 0;
    const token = await budgetClientToken(db, demo.companyId, id);
    // Not registered yet (no message carried it): nothing.
    expect((await clientPdf(token)).status).toBe(404);
    await db.insert(documentTokens).values({
      companyId: demo.companyId,
      kind: "budget_token",
      tokenHash: sha256(token),
      documentType: "Budget",
      documentId: id,
    });
    const [budget] = await db.select().from(budgets).where(eq(budgets.id, id));
    const res = await clientPdf(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="Presupuesto_${budget?.correlativeId}.pdf"`);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    // Another kind's token (a payment link), a changed token, none at all, a long one: one 404.
    for (const bad of [paymentToken, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "", "x".repeat(500)])
      await expectLinkPage(clientPdf(bad), 404, "Enlace inválido o expirado");
    await expectLinkPage(fetch(`${server.url}/client/budget?token=${token}`, { method: "POST" }), 405, "Método");
  });

  it("answers an address at most 30 times a minute (guessing links costs time)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await clientPdf(`guess-${i}-${"x".repeat(30)}`)).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

let admin: string;
let issuedId: number;
beforeAll(async () => {
  admin = await loginCookie(server.url, "admin@taller.demo");
  // A demo draft turned issued with a folio and the provider's stamp, as 'Emitir' leaves it.
  const [row] = await queryRows<{ id: number }>(
    server.tdb.database.db,
    sql`UPDATE invoices SET status = 'issued', folio = 4321, track_id = 'T-1', issued_at = now(),
               stamp = '<TED version="1.0"><DD><RE>76192083-9</RE><TD>33</TD><F>4321</F></DD></TED>'
        WHERE id = ${server.fx.demo.invoiceIds[0] ?? 0} RETURNING id`,
  );
  issuedId = row?.id ?? 0;
});

const invoicePdfOf = (id: number, cookie?: string) =>
  fetch(`${server.url}/invoices/${id}/pdf`, { headers: cookie ? { cookie } : {} });
const hasImage = async (res: Response) =>
  Buffer.from(await res.arrayBuffer())
    .toString("latin1")
    .includes("/Subtype /Image");

describe("GET /invoices/{id}/pdf", () => {
  it("serves an issued document inline as 'Factura_{folio}.pdf' with its stamp's barcode; a draft without one", async () => {
    const res = await invoicePdfOf(issuedId, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="Factura_4321.pdf"');
    expect(await hasImage(res)).toBe(true);
    const draft = await invoicePdfOf(server.fx.demo.invoiceIds[1] ?? 0, admin);
    expect(draft.headers.get("content-disposition")).toMatch(/^inline; filename="Borrador_\d+\.pdf"$/);
    expect(await hasImage(draft)).toBe(false);
  });

  it("is a 404 for another company's document, and refuses without a session or the grant", async () => {
    await expectLinkPage(invoicePdfOf(server.fx.other.invoiceIds[0] ?? 0, admin), 404, "Documento no encontrado");
    await expectLinkPage(invoicePdfOf(issuedId), 401, "Debes iniciar sesión");
    const tecnico = await loginCookie(server.url, "tecnico@taller.demo");
    await expectLinkPage(invoicePdfOf(issuedId, tecnico), 403, "No tienes acceso");
  });
});

describe("GET /client/invoice?token=", () => {
  const clientInvoicePdf = (token: string) => fetch(`${server.url}/client/invoice?token=${encodeURIComponent(token)}`);

  it("opens the document while its link is registered and unexpired; anything else is one Spanish 404", async () => {
    const db = server.tdb.database.db;
    const { demo } = server.fx;
    const token = await invoiceClientToken(db, demo.companyId, issuedId);
    await expectLinkPage(clientInvoicePdf(token), 404, "Enlace inválido o expirado");
    await db.insert(documentTokens).values({
      companyId: demo.companyId,
      kind: "invoice_token",
      tokenHash: sha256(token),
      documentType: "Invoice",
      documentId: issuedId,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await clientInvoicePdf(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('inline; filename="Factura_4321.pdf"');
    // Another kind's token (a payment link), a changed token: 404; an expired link too.
    await expectLinkPage(clientInvoicePdf(demo.paymentToken), 404, "Enlace inválido o expirado");
    await expectLinkPage(clientInvoicePdf(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`), 404, "Enlace");
    await db.execute(sql`UPDATE document_tokens SET expires_at = now() - interval '1 second'
                         WHERE token_hash = ${sha256(token)}`);
    await expectLinkPage(clientInvoicePdf(token), 404, "Enlace inválido o expirado");
  });
});
