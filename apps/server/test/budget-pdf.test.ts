// GET /budgets/{id}/pdf: the budget PDF served inline to a staff session that may read budgets, of its own company.
import { budgets } from "@taller/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginCookie, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let asesor: string;
beforeAll(async () => {
  server = await startTestServer();
  asesor = await loginCookie(server.url, "asesor@taller.demo");
});
afterAll(() => server.close());

const pdfOf = (id: number | string, cookie?: string) => fetch(`${server.url}/budgets/${id}/pdf`, { headers: cookie ? { cookie } : {} });

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
    expect((await pdfOf(server.fx.other.budgetIds[0] ?? 0, asesor)).status).toBe(404);
    expect((await pdfOf(2_147_483_647, asesor)).status).toBe(404);
    expect((await pdfOf(9_999_999_999, asesor)).status).toBe(404);
    expect((await pdfOf(server.fx.demo.budgetIds[0] ?? 0)).status).toBe(401);
    const tecnico = await loginCookie(server.url, "tecnico@taller.demo");
    expect((await pdfOf(server.fx.demo.budgetIds[0] ?? 0, tecnico)).status).toBe(403);
  });
});
