// Invoicing drafts for the demo: a factura with its receiver and a boleta, not sent (no provider is configured), so
// the documents list has rows and the tenancy walk has each company's documents to try.
import type { Db } from "../client";
import { invoiceLines, invoices } from "../schema";

export async function seedInvoices(db: Db, companyId: number, userId: number): Promise<number[]> {
  const rows = await db
    .insert(invoices)
    .values([
      {
        companyId,
        dteType: 33,
        receiverRut: "76.086.428-5",
        receiverName: "Transportes Andes SpA",
        receiverActivity: "Transporte de carga",
        receiverAddress: "Av. Matta 123, Santiago",
        createdBy: userId,
      },
      { companyId, dteType: 39, createdBy: userId },
    ])
    .returning({ id: invoices.id });
  await db.insert(invoiceLines).values(
    rows.flatMap((r, i) => [
      { companyId, invoiceId: r.id, position: 0, description: "Mano de obra", unitPrice: 59_500 + i * 1_000 },
      { companyId, invoiceId: r.id, position: 1, description: "Filtro de aceite", quantity: 2, unitPrice: 11_900 },
    ]),
  );
  return rows.map((r) => r.id);
}
