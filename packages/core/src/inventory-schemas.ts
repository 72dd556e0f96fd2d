// Inventory's input schemas (both sides validate with them), apart from its texts and rules (inventory.ts).
import { z } from "zod";
import { listSearchSchema } from "./fields";
import { idSchema } from "./ids";
import { CONSUMPTION_DOCUMENTS, MAX_STOCK_QUANTITY } from "./inventory";

const MAX_PESOS = 1_000_000_000;

const pesos = z
  .number()
  .int("Monto en pesos, sin decimales")
  .min(0, "El monto no puede ser negativo")
  .max(MAX_PESOS, "Monto demasiado alto");
const units = z
  .number()
  .int("Cantidad en unidades enteras")
  .min(0, "La cantidad no puede ser negativa")
  .max(MAX_STOCK_QUANTITY, "Cantidad demasiado alta");
const name = (max: number) => z.string().trim().min(1, "Ingresa el nombre").max(max, `Máximo ${max} caracteres`);

/** A category's or a warehouse's name. */
export const inventoryNameSchema = name(60);

/** The product form: code unique per company (the database decides), prices in pesos, a minimum per warehouse. */
export const productDataSchema = z.object({
  code: z.string().trim().min(1, "Ingresa el código").max(100, "Máximo 100 caracteres"),
  name: name(200),
  category_id: idSchema.nullish(),
  unit: z.string().trim().min(1, "Ingresa la unidad").max(30, "Máximo 30 caracteres").default("unidad"),
  price: pesos,
  buy_price: pesos,
  description: z.string().trim().max(2000, "Máximo 2000 caracteres").nullish(),
  minimums: z
    .array(z.object({ warehouse_id: idSchema, minimum: units }))
    .max(100)
    .default([]),
});
export type ProductData = z.input<typeof productDataSchema>;

export const productFiltersSchema = {
  search: listSearchSchema,
  /** Missing or null: every category; empty: none. */
  category_ids: z.array(idSchema).max(500).nullish(),
  /** Only products with a warehouse below its minimum. */
  low_stock: z.boolean().nullish(),
};

/**
 * A stock adjustment from the product's page: a count sets a warehouse's quantity, a transfer moves units to another
 * warehouse. Both need a reason, kept on the movements.
 */
export const stockAdjustmentSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("count"),
    product_id: idSchema,
    warehouse_id: idSchema,
    quantity: units,
    reason: z.string().trim().min(1, "Ingresa el motivo").max(300, "Máximo 300 caracteres"),
  }),
  z.object({
    kind: z.literal("transfer"),
    product_id: idSchema,
    warehouse_id: idSchema,
    to_warehouse_id: idSchema,
    quantity: units.min(1, "Traslada al menos una unidad"),
    reason: z.string().trim().min(1, "Ingresa el motivo").max(300, "Máximo 300 caracteres"),
  }),
]);

/** Which document's consumption: the movements name it (document type and id). */
export const consumptionDocumentSchema = z.object({
  document_type: z.enum(CONSUMPTION_DOCUMENTS, "Documento inválido"),
  document_id: idSchema,
});

/** Products a document consumes from one warehouse ('Consumir'), each product at most once. */
export const stockConsumptionSchema = consumptionDocumentSchema.extend({
  warehouse_id: idSchema,
  lines: z
    .array(z.object({ product_id: idSchema, quantity: units.min(1, "Consume al menos una unidad") }))
    .min(1, "Agrega al menos un producto")
    .max(100, "Máximo 100 productos")
    .refine((lines) => new Set(lines.map((l) => l.product_id)).size === lines.length, "Un producto por línea"),
  reason: z.string().trim().max(300, "Máximo 300 caracteres").default(""),
});
