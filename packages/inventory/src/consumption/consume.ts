import { INVENTORY_TEXTS, stockConsumptionSchema } from "@taller/core";
import { intArray, queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { moveStock } from "../write";
import { consumingDocument, documentChanged } from "./document";

/**
 * 'Consumir' on an order's or a booking's page: one consumption movement per line out of one warehouse, linked to the
 * document (its type and id), through the write module (all or nothing: a line the warehouse cannot cover refuses the
 * whole). The document must be one the caller may read (own-only grants: his own), the warehouse and products the
 * company's.
 */
export const consume = staffProcedure
  .use(can("create", "inventory_action"))
  .input(stockConsumptionSchema)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const doc = await consumingDocument(tx.db, ctx, input.document_type, input.document_id);
      const productIds = input.lines.map((l) => l.product_id);
      const [found] = await queryRows<{ warehouse: boolean; products: number }>(
        tx.db,
        sql`SELECT EXISTS (SELECT 1 FROM warehouses WHERE company_id = ${ctx.companyId}
                             AND id = ${input.warehouse_id}) AS warehouse,
                   (SELECT count(*)::int FROM products WHERE company_id = ${ctx.companyId}
                      AND id = ANY(${intArray(productIds)})) AS products`,
      );
      if (!found?.warehouse) throw fieldError("NOT_FOUND", "warehouse_id", INVENTORY_TEXTS.warehouseNotFound);
      if (found.products !== productIds.length) throw fieldError("NOT_FOUND", "lines", INVENTORY_TEXTS.productNotFound);
      const moved = await moveStock(
        tx,
        { companyId: ctx.companyId, userId: ctx.user.id },
        input.lines.map((l) => ({
          productId: l.product_id,
          warehouseId: input.warehouse_id,
          kind: "consumption" as const,
          quantity: -l.quantity,
          reason: input.reason,
          document: { type: doc.type, id: doc.id },
        })),
      );
      await tx.emit(documentChanged(doc, ctx.companyId));
      return { movement_ids: moved.map((m) => m.movementId) };
    }),
  );
