// The document's PDF in the SII's layout, without a database: the red box's RUT, name and folio, the receiver, the
// amounts, and the stamp's PDF417 image exactly when the provider returned a stamp (TED).
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { InvoiceDetail } from "../src/detail";
import { invoicePdf, invoicePdfFileName, stampCaption, type InvoiceIssuer } from "../src/pdf";

const issuer: InvoiceIssuer = {
  rut: "761920839",
  name: "Taller Demo SpA",
  activity: "Reparación de vehículos",
  address: "Los Carrera 100, Santiago",
  sii_office: "Santiago Centro",
  resolution_number: 80,
  resolution_year: 2014,
};

const TED =
  '<TED version="1.0"><DD><RE>76192083-9</RE><TD>33</TD><F>1234</F><FE>2026-11-28</FE><RR>76086428-5</RR>' +
  '<RSR>Transportes Andes SpA</RSR><MNT>119000</MNT><IT1>Mano de obra</IT1></DD><FRMT algoritmo="SHA1withRSA">' +
  "k8z1".repeat(40) +
  "</FRMT></TED>";

function invoice(over: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    id: 7,
    dte_type: 33,
    status: "issued",
    folio: 1234,
    order_id: null,
    order_correlative: null,
    budget_id: null,
    payment_request_ids: [],
    referenced: null,
    credit_note: null,
    receiver_rut: "760864285",
    receiver_name: "Transportes Andes SpA",
    receiver_activity: "Transporte de carga",
    receiver_address: "Av. Matta 123, Santiago",
    receiver_email: null,
    net: 100_000,
    exempt: 0,
    iva: 19_000,
    total: 119_000,
    track_id: "T-1",
    stamp: TED,
    rejection_reason: null,
    issued_at: "2026-11-28T15:00:00.000Z" as InvoiceDetail["created_at"],
    created_at: "2026-11-28T14:00:00.000Z" as InvoiceDetail["created_at"],
    lines: [
      {
        id: 1,
        description: "Mano de obra",
        quantity: 1,
        unit_price: 119_000,
        discount: 0,
        exempt: false,
        total: 119_000,
      },
    ],
    configured: true,
    missing: {},
    ...over,
  };
}

/** The text pdfkit wrote: every content stream inflated, each TJ's hex strings decoded (WinAnsi ≈ latin1). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const texts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^[\]]*)\] TJ/g))
      texts.push(
        [...(tj[1] ?? "").matchAll(/<([0-9a-f]*)>/g)]
          .map((h) => Buffer.from(h[1] ?? "", "hex").toString("latin1"))
          .join(""),
      );
  }
  return texts.join("\n");
}

const hasImage = (pdf: Buffer) => pdf.toString("latin1").includes("/Subtype /Image");

describe("invoicePdf", () => {
  it("draws the issuer, the red box with RUT, name and folio, the receiver, the amounts and the stamp", async () => {
    const pdf = await invoicePdf({ invoice: invoice(), issuer });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf);
    for (const expected of [
      "Taller Demo SpA",
      "Reparación de vehículos",
      "R.U.T.: 76.192.083-9",
      "FACTURA ELECTRÓNICA",
      "N° 1234",
      "S.I.I. - Santiago Centro",
      "76.086.428-5",
      "Transportes Andes SpA",
      "$100.000",
      "IVA 19 %",
      "$19.000",
      "$119.000",
      "Timbre Electrónico SII",
      "Res. 80 de 2014 Verifique documento: www.sii.cl",
    ])
      expect(text).toContain(expected);
    expect(hasImage(pdf)).toBe(true);
    expect(pdf.toString("latin1")).toContain("(Factura_1234)");
  });

  it("has no barcode without a stamp, and says a draft has no tax value", async () => {
    const pdf = await invoicePdf({ invoice: invoice({ stamp: null, folio: null, status: "draft" }), issuer });
    const text = pdfText(pdf);
    expect(hasImage(pdf)).toBe(false);
    expect(text).not.toContain("Timbre Electrónico SII");
    expect(text).toContain("BORRADOR");
    expect(text).toContain("Borrador: sin validez tributaria");
  });

  it("names files and the caption from what is known", () => {
    expect(invoicePdfFileName({ id: 3, dte_type: 39, folio: 45 })).toBe("Boleta_45.pdf");
    expect(invoicePdfFileName({ id: 3, dte_type: 61, folio: 9 })).toBe("Nota_de_crédito_9.pdf");
    expect(invoicePdfFileName({ id: 3, dte_type: 33, folio: null })).toBe("Borrador_3.pdf");
    expect(stampCaption({ resolution_number: null, resolution_year: null })).toBe("Verifique documento: www.sii.cl");
  });
});
