import { z } from "zod";
import { lineProblem } from "./budgets";
import { INVOICE_MAX_LINES } from "./invoicing";
import { rutSchema } from "./rut-schema";

// The tax documents' form schemas, apart from their rules (invoicing.ts) so that screens that only show a document's
// type or status load no zod.

const text = (max: number, message: string) => z.string().trim().min(1, message).max(max);

/** An invoice line as the draft form edits it. */
export const invoiceLineSchema = z.object({
  description: text(500, "Escribe una descripción"),
  quantity: z.number().int("La cantidad debe ser un número entero").min(1, "La cantidad mínima es 1").max(10_000),
  unit_price: z
    .number()
    .int("El precio debe ser un monto entero en pesos")
    .min(0, "El precio no puede ser negativo")
    .max(1_000_000_000),
  discount: z.number().int().min(0, "El descuento no puede ser negativo").default(0),
  exempt: z.boolean().default(false),
});

export type InvoiceLineInput = z.input<typeof invoiceLineSchema>;

/** A draft's lines as its form saves them (`setLines`): 1..INVOICE_MAX_LINES, each line's amount checked. */
export const invoiceLinesSchema = z
  .array(
    invoiceLineSchema.superRefine((line, ctx) => {
      const problem = lineProblem(line);
      if (problem)
        ctx.addIssue({
          code: "custom",
          path: [problem.includes("descuento") ? "discount" : "unit_price"],
          message: problem,
        });
    }),
  )
  .min(1, "El documento debe tener al menos una línea")
  .max(INVOICE_MAX_LINES, `Un documento lleva a lo más ${INVOICE_MAX_LINES} líneas`);

/** The receiver as a draft stores it: every field optional until the document is issued. */
export const invoiceReceiverSchema = z.object({
  receiver_rut: rutSchema.nullish(),
  receiver_name: z.string().trim().max(100).nullish(),
  receiver_activity: z.string().trim().max(80).nullish(),
  receiver_address: z.string().trim().max(200).nullish(),
  receiver_email: z.string().trim().toLowerCase().max(200).pipe(z.email("Correo inválido")).nullish(),
});

export type InvoiceReceiver = z.infer<typeof invoiceReceiverSchema>;

const requiredText = (max: number, message: string) => z.string().trim().min(1, message).max(max);

/** The provider settings form (the server checks the same). */
export const saveInvoiceConfigSchema = z.object({
  endpoint: z
    .string()
    .trim()
    .max(300)
    .pipe(z.url({ protocol: /^https?$/, error: "Ingresa la dirección (https://…) de la API del proveedor" })),
  /** Absent or empty: keep the stored key. */
  api_key: z.string().trim().max(500).nullish(),
  issuer_rut: rutSchema,
  issuer_name: requiredText(100, "Ingresa la razón social de la empresa"),
  issuer_activity: requiredText(80, "Ingresa el giro de la empresa"),
  issuer_address: requiredText(200, "Ingresa la dirección de la empresa"),
  /** Printed on the document ('S.I.I. - {office}', 'Res. {number} de {year}'); optional. */
  sii_office: z.string().trim().max(60).nullish(),
  resolution_number: z.number().int().min(0, "Ingresa el número de la resolución").max(1_000_000).nullish(),
  resolution_year: z.number().int().min(2003, "Ingresa un año desde 2003").max(2100, "Ingresa un año válido").nullish(),
});
