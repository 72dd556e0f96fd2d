// GET /budgets/{id}/pdf: the budget PDF served inline to a staff session that may read budgets, of its own company.
import { BUDGET_TEXTS } from "@taller/core";
import { budgetClientToken, budgets, documentTokens } from "@taller/db";
import { sha256 } from "@taller/trpc";
import { eq } from "drizzle-orm";
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
