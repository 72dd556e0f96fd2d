import { INVENTORY_TEXTS, stockAdjustmentSchema } from "@taller/core";
import { intArray, queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, TRPCError, withTransaction, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { countStock, transferStock } from "./write";

/** The product and the warehouses must be the company's: NOT_FOUND (on the field) before anything is written. */
async function assertPlaces(tx: Transaction, companyId: number, productId: number, warehouseIds: number[]) {
  const [found] = await queryRows<{ product: boolean; warehouses: number }>(
    tx.db,
    sql`SELECT EXISTS (SELECT 1 FROM products WHERE company_id = ${companyId} AND id = ${productId}) AS product,
               (SELECT count(*)::int FROM warehouses WHERE company_id = ${companyId}
                 AND id = ANY(${intArray(warehouseIds)})) AS warehouses`,
  );
  if (!found?.product) throw new TRPCError({ code: "NOT_FOUND", message: INVENTORY_TEXTS.productNotFound });
  if (found.warehouses !== warehouseIds.length)
    throw fieldError("NOT_FOUND", "warehouse_id", INVENTORY_TEXTS.warehouseNotFound);
}

/**
 * 'Ajustar stock' on the product's page: a count sets what a warehouse holds, a transfer moves units to another one;
 * each with its reason on the movements. A transfer of more than the warehouse holds is refused in Spanish (unless
 * the company allows negative stock) and writes nothing.
 */
export const adjustStock = staffProcedure
  .use(can("update", "inventory_action"))
  .input(stockAdjustmentSchema)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const who = { companyId: ctx.companyId, userId: ctx.user.id };
      if (input.kind === "count") {
        await assertPlaces(tx, ctx.companyId, input.product_id, [input.warehouse_id]);
        const moved = await countStock(
          tx,
          who,
          { productId: input.product_id, warehouseId: input.warehouse_id },
          input.quantity,
          input.reason,
        );
        return { movement_ids: moved ? [moved.movementId] : [] };
      }
      if (input.to_warehouse_id === input.warehouse_id)
        throw fieldError("BAD_REQUEST", "to_warehouse_id", INVENTORY_TEXTS.sameWarehouse);
      await assertPlaces(tx, ctx.companyId, input.product_id, [input.warehouse_id, input.to_warehouse_id]);
      const moved = await transferStock(tx, who, {
        productId: input.product_id,
        from: input.warehouse_id,
        to: input.to_warehouse_id,
        quantity: input.quantity,
        reason: input.reason,
      });
      return { movement_ids: moved.map((m) => m.movementId) };
    }),
  );
