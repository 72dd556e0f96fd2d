// The budget PDF names the order, the client and the vehicle in the company's terms (pure: no database).
import { inflateSync } from "node:zlib";
import { companyTerms, DEFAULT_TERMS, toInstant } from "@taller/core";
import { describe, expect, it } from "vitest";
import type { BudgetDetail } from "../src/detail";
import { budgetPdf } from "../src/pdf";

const budget: BudgetDetail = {
  id: 1,
  correlative_id: 7,
  total: 20_000,
  notes: null,
  pictures: [],
  created_at: toInstant(new Date("2026-11-21T15:00:00.000Z")),
  status: { id: 1, name: "Pendiente", color: "#888888", finish: false },
  created_by_name: null,
  company_name: "Bicis del Sur",
  order: {
    id: 3,
    correlative_id: 12,
    requirement_name: "Mantención",
    client_name: "Rosa Reyes",
    client_rut: null,
    client_email: null,
    client_phone: null,
    identifier: "TREK-1",
    brand_name: "Trek",
    brand_model_name: null,
  },
  lines: [
    {
      id: 1,
      product_id: null,
      product_code: null,
      description: "Ajuste",
      quantity: 1,
      unit_price: 20_000,
      discount: 0,
      total: 20_000,
    },
  ],
  status_changes: [],
};

/** The text a PDF draws: each inflated content stream's TJ strings (pdfkit writes them as hex, in WinAnsi). */
function drawnText(pdf: Buffer): string {
  const file = pdf.toString("latin1");
  const texts: string[] = [];
  for (let at = file.indexOf("stream\n"); at >= 0; at = file.indexOf("stream\n", at + 1)) {
    const end = file.indexOf("\nendstream", at);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(Buffer.from(file.slice(at + 7, end), "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const line of content.split("\n").filter((l) => l.endsWith("TJ"))) {
      const hex = [...line.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1] ?? "").join("");
      texts.push(Buffer.from(hex, "hex").toString("latin1"));
    }
    at = end;
  }
  return texts.join("\n");
}

describe("budgetPdf", () => {
  it("names the order, the client and the vehicle with the company's terms", async () => {
    const terms = companyTerms({
      ...DEFAULT_TERMS,
      object: { singular: "Bicicleta", plural: "Bicicletas" },
      client: { singular: "Ciclista", plural: "Ciclistas" },
      order: { singular: "Reparación", plural: "Reparaciones" },
    });
    const text = drawnText(await budgetPdf(budget, terms));
    for (const word of ["Reparación:", "Ciclista:", "Bicicleta:", "Rosa Reyes", "Presupuesto Nº 7"]) {
      expect(text).toContain(word);
    }
    for (const word of ["Orden de Trabajo", "Cliente", "Vehículo"]) expect(text).not.toContain(word);
  });

  it("keeps the spec's words with the default terms", async () => {
    const text = drawnText(await budgetPdf(budget, companyTerms(DEFAULT_TERMS)));
    for (const word of ["Orden de Trabajo:", "Cliente:", "Vehículo:"]) expect(text).toContain(word);
  });
});
