import { z } from "zod";
import { PAYMENT_MAX_TOTAL } from "./payments";

// The payment line's form schema, apart from the rules (payments.ts) so that the payments list loads no zod.

export const paymentLineSchema = z.object({
  title: z.string().trim().min(1, "Ingrese un título").max(256),
  description: z.string().trim().max(600).nullish(),
  quantity: z.number().int("Debe ser un número entero").min(1, "Mínimo 1").max(10_000).default(1),
  unit_price: z.number().int("Los pesos no llevan decimales").min(0, "No puede ser negativo").max(PAYMENT_MAX_TOTAL),
});

export type PaymentLineInput = z.input<typeof paymentLineSchema>;
