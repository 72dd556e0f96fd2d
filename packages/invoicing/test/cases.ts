// Tenancy and bad-input cases of the invoicing router (see ProcedureCase in @taller/trpc/testing): another company's
// documents are NOT_FOUND, its lists, totals, folios and configuration never show the demo company's.
import { listLeak, type DomainCases } from "@taller/trpc/testing";
import type { invoicingRouter } from "../src/router";

export const invoicingCases: DomainCases<typeof invoicingRouter> = {
  list: {
    kind: "scoped",
    input: () => ({ search: "a" }),
    leaks: (r, f) => listLeak((r as { invoices: { id: number }[] }).invoices, f.demo.invoiceIds, "invoice"),
    valid: () => ({ status: ["issued"], dte_type: [33], from: "2026-01-01", to: "2026-12-31" }),
    attacks: () => [
      { status: ["borrado"] },
      { dte_type: [52] },
      { from: "2026-13-01" },
      { cursor: "x".repeat(1001) },
      { search: "%_\\' OR 1=1 --" },
    ],
  },
  totalsByStatus: {
    kind: "scoped",
    leaks: (r, f) =>
      (r as { by_status: { count: number }[] }).by_status.reduce((sum, t) => sum + t.count, 0) >
      f.other.invoiceIds.length
        ? "counted another company's documents"
        : null,
    valid: () => ({ search: "ab" }),
  },
  // The file is built from the caller's company's rows only; its row count says what it holds.
  // Otro Taller holds its own two drafts; more rows would be the demo company's.
  export: {
    kind: "scoped",
    leaks: (r, f) =>
      (r as { rows: number }).rows > f.other.invoiceIds.length ? "exported rows of another company" : null,
    valid: () => ({ status: ["issued"] }),
  },
  get: { kind: "foreign", input: (f) => ({ id: f.demo.invoiceIds[0] }), valid: (f) => ({ id: f.demo.invoiceIds[0] }) },
  createDraft: {
    kind: "foreign",
    input: (f) => ({ dte_type: 39, order_id: f.demo.orderIds[0] }),
    valid: (f) => ({ dte_type: 39, budget_id: f.demo.budgetIds[0] }),
    attacks: (f) => [
      { dte_type: 61, order_id: f.other.orderIds[0] },
      { dte_type: 33, payment_request_ids: [] },
      { dte_type: 33, payment_request_ids: f.demo.paymentIds },
      { dte_type: 33, order_id: f.other.orderIds[0], receiver_rut: "1-1" },
      { dte_type: 33, order_id: f.other.orderIds[0], receiver_email: "no" },
      { dte_type: 33 },
    ],
  },
  updateDraft: { kind: "foreign", input: (f) => ({ id: f.demo.invoiceIds[0], receiver_name: "X" }) },
  setLines: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.invoiceIds[0], lines: [{ description: "X", quantity: 1, unit_price: 1000 }] }),
    attacks: (f) => [
      { id: f.demo.invoiceIds[0], lines: [] },
      { id: f.demo.invoiceIds[0], lines: [{ description: "", quantity: 0, unit_price: -1 }] },
      { id: f.demo.invoiceIds[0], lines: [{ description: "X", quantity: 1, unit_price: 100, discount: 101 }] },
    ],
  },
  issue: { kind: "foreign", input: (f) => ({ id: f.demo.invoiceIds[0] }) },
  cancel: { kind: "foreign", input: (f) => ({ id: f.demo.invoiceIds[0] }) },
  shareLink: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.invoiceIds[0] }),
    attacks: () => [{ id: 0 }, { id: "1 OR 1=1" }, {}],
  },
  sendWhatsapp: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.invoiceIds[0] }),
    attacks: () => [{ id: -1 }, { id: 2 ** 40 }],
  },
  folios: { kind: "scoped", leaks: () => null },
  uploadCaf: {
    kind: "scoped",
    leaks: () => null,
    attacks: () => [{ xml: "<AUTORIZACION>" }, { xml: "x".repeat(20_001) }, { xml: "" }],
  },
  config: { kind: "scoped", leaks: () => null },
  saveConfig: {
    kind: "scoped",
    leaks: () => null,
    attacks: () => [
      {
        endpoint: "file:///etc/passwd",
        issuer_rut: "1-9",
        issuer_name: "X",
        issuer_activity: "X",
        issuer_address: "X",
      },
      { endpoint: "http://x", issuer_rut: "bad", issuer_name: "", issuer_activity: "X", issuer_address: "X" },
    ],
  },
  onChanged: {
    kind: "scoped",
    subscription: true,
    probes: (f) => [
      { companyId: f.demo.companyId, type: "invoice.changed", payload: { ids: [900_001] } },
      { companyId: f.other.companyId, type: "invoice.changed", payload: { ids: [900_002] } },
    ],
    leaks: () => null,
  },
};
