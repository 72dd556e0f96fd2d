// GET /invoices/{id}/pdf (staff, read invoice, own company) and GET /client/invoice?token= (the link shared with the
// client: registered, expiring): the document in the SII's layout, the stamp's barcode only when there is a stamp.
import { invoiceClientToken, documentTokens, queryRows } from "@taller/db";
import { sha256 } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { expectLinkPage, loginCookie, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let admin: string;
let issuedId: number;
beforeAll(async () => {
  server = await startTestServer();
  return () => server.close();
});
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

const pdfOf = (id: number, cookie?: string) =>
  fetch(`${server.url}/invoices/${id}/pdf`, { headers: cookie ? { cookie } : {} });
const hasImage = async (res: Response) =>
  Buffer.from(await res.arrayBuffer())
    .toString("latin1")
    .includes("/Subtype /Image");

describe("GET /invoices/{id}/pdf", () => {
  it("serves an issued document inline as 'Factura_{folio}.pdf' with its stamp's barcode; a draft without one", async () => {
    const res = await pdfOf(issuedId, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="Factura_4321.pdf"');
    expect(await hasImage(res)).toBe(true);
    const draft = await pdfOf(server.fx.demo.invoiceIds[1] ?? 0, admin);
    expect(draft.headers.get("content-disposition")).toMatch(/^inline; filename="Borrador_\d+\.pdf"$/);
    expect(await hasImage(draft)).toBe(false);
  });

  it("is a 404 for another company's document, and refuses without a session or the grant", async () => {
    await expectLinkPage(pdfOf(server.fx.other.invoiceIds[0] ?? 0, admin), 404, "Documento no encontrado");
    await expectLinkPage(pdfOf(issuedId), 401, "Debes iniciar sesión");
    const tecnico = await loginCookie(server.url, "tecnico@taller.demo");
    await expectLinkPage(pdfOf(issuedId, tecnico), 403, "No tienes acceso");
  });
});

describe("GET /client/invoice?token=", () => {
  const clientPdf = (token: string) => fetch(`${server.url}/client/invoice?token=${encodeURIComponent(token)}`);

  it("opens the document while its link is registered and unexpired; anything else is one Spanish 404", async () => {
    const db = server.tdb.database.db;
    const { demo } = server.fx;
    const token = await invoiceClientToken(db, demo.companyId, issuedId);
    await expectLinkPage(clientPdf(token), 404, "Enlace inválido o expirado");
    await db.insert(documentTokens).values({
      companyId: demo.companyId,
      kind: "invoice_token",
      tokenHash: sha256(token),
      documentType: "Invoice",
      documentId: issuedId,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await clientPdf(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('inline; filename="Factura_4321.pdf"');
    // A budget's link, a changed token: 404; an expired link too.
    await expectLinkPage(clientPdf(demo.paymentToken), 404, "Enlace inválido o expirado");
    await expectLinkPage(clientPdf(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`), 404, "Enlace");
    await db.execute(sql`UPDATE document_tokens SET expires_at = now() - interval '1 second'
                         WHERE token_hash = ${sha256(token)}`);
    await expectLinkPage(clientPdf(token), 404, "Enlace inválido o expirado");
  });
});
