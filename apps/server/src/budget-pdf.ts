import { budgetPdf, loadBudget } from "@taller/budgets";
import { BUDGET_TEXTS, pdfFileName } from "@taller/core";
import { type Db, loadCompanyTerms } from "@taller/db";
import { createClientPdfRoute, createStaffPdfRoute, type LoadDocumentPdf } from "./document-pdf";

/** The path of a budget's PDF: GET /budgets/{id}/pdf. */
export const BUDGET_PDF_PATH = /^\/budgets\/([1-9]\d{0,9})\/pdf$/;

const loadBudgetPdf: LoadDocumentPdf = async (db, companyId, id, ownerId) => {
  const budget = await loadBudget(db, companyId, id, ownerId);
  if (!budget) return null;
  return {
    pdf: await budgetPdf(budget, await loadCompanyTerms(db, companyId)),
    fileName: pdfFileName(budget.correlative_id),
  };
};

/** GET /budgets/{id}/pdf: the budget PDF, inline, named 'Presupuesto_{correlative}.pdf' (read budget). */
export function createBudgetPdfRoute({ db, trustProxy }: { db: Db; trustProxy: number }) {
  return createStaffPdfRoute({
    db,
    trustProxy,
    load: loadBudgetPdf,
    notFound: BUDGET_TEXTS.notFound,
    resource: "budget",
  });
}

/**
 * GET /client/budget?token=: the budget's PDF for its client, the link the 'Presupuesto listo' WhatsApp message
 * carries (@taller/messaging registers its budget_token when the message is queued).
 */
export function createClientBudgetPdfRoute({ db, trustProxy }: { db: Db; trustProxy: number }) {
  return createClientPdfRoute({
    db,
    trustProxy,
    load: loadBudgetPdf,
    notFound: "Enlace inválido o expirado",
    kind: "budget_token",
    documentType: "Budget",
  });
}
