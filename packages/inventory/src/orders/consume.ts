import { INVENTORY_TEXTS, orderConsumptionSchema } from "@taller/core";
import { intArray, queryRows, termNotFound } from "@taller/db";
import { can, fieldError, readableDocument, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { moveStock } from "../write";

/**
 * An order consumes products from a warehouse: one consumption movement per line, linked to the order (document
 * 'Order'), through the write module (all or nothing: a line the warehouse cannot cover refuses the whole). The order
 * must be one the caller may read (own-only grants: his own), the warehouse and products the company's.
 */
export const consume = staffProcedure
  .use(can("create", "inventory_action"))
  .input(orderConsumptionSchema)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const productIds = input.lines.map((l) => l.product_id);
      const [found] = await queryRows<{ order: boolean; warehouse: boolean; products: number }>(
        tx.db,
        sql`SELECT EXISTS (SELECT 1 FROM orders o WHERE o.company_id = ${ctx.companyId} AND o.id = ${input.order_id}
                             AND ${readableDocument(ctx, "Order", sql`o.company_id`, sql`o.id`)}) AS order,
                   EXISTS (SELECT 1 FROM warehouses WHERE company_id = ${ctx.companyId}
                             AND id = ${input.warehouse_id}) AS warehouse,
                   (SELECT count(*)::int FROM products WHERE company_id = ${ctx.companyId}
                      AND id = ANY(${intArray(productIds)})) AS products`,
      );
      if (!found?.order)
        throw new TRPCError({ code: "NOT_FOUND", message: await termNotFound(tx.db, ctx.companyId, "order") });
      if (!found.warehouse) throw fieldError("NOT_FOUND", "warehouse_id", INVENTORY_TEXTS.warehouseNotFound);
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
          document: { type: "Order", id: input.order_id },
        })),
      );
      // The order's page lists what it consumed.
      await tx.emit({ type: "order.changed", companyId: ctx.companyId, payload: { ids: [input.order_id] } });
      return { movement_ids: moved.map((m) => m.movementId) };
    }),
  );
