import { idSchema, PROVIDER_TEXTS } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, userError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { announce, insertAction, lockActionFor, readLines } from "./action";

/**
 * 'Convertir en orden de compra': an answered (or accepted) pricing becomes a buy order to the same supplier, for the
 * same order or budget, of the lines the supplier offered at the supplier's prices, into the chosen warehouse; the
 * pricing is accepted. Under the pricing's row lock a second conversion answers the buy order the first made (the
 * unique index on `pricing_id` is the database's guarantee). The supplier's link to the buy order is issued from the
 * order's 'Proveedores' ('Nuevo enlace').
 */
export const toBuyOrder = staffProcedure
  .use(can("create", "inventory_action"))
  .input(z.object({ id: idSchema, warehouse_id: idSchema }))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx): Promise<{ id: number }> => {
      const pricing = await lockActionFor(tx.db, ctx, input.id, "create");
      if (pricing.kind !== "pricing") throw fieldError("BAD_REQUEST", "id", PROVIDER_TEXTS.convertOnlyPricings);
      const [made] = await queryRows<{ id: number }>(
        tx.db,
        sql`SELECT id FROM provider_actions WHERE company_id = ${ctx.companyId} AND pricing_id = ${pricing.id}`,
      );
      if (made) return { id: made.id };
      if (pricing.status === "rejected" || pricing.status === "cancelled")
        throw userError("CONFLICT", PROVIDER_TEXTS.convertClosed);
      if (!pricing.answered) throw userError("CONFLICT", PROVIDER_TEXTS.convertUnanswered);
      const [warehouse] = await queryRows<{ id: number }>(
        tx.db,
        sql`SELECT id FROM warehouses WHERE company_id = ${ctx.companyId} AND id = ${input.warehouse_id}`,
      );
      if (!warehouse) throw fieldError("NOT_FOUND", "warehouse_id", PROVIDER_TEXTS.unknownWarehouse);
      const offered = (await readLines(tx.db, ctx.companyId, pricing.id)).filter(
        (l) => !l._destroy && l.quantity > 0 && l.price !== null,
      );
      if (!offered.length) throw userError("CONFLICT", PROVIDER_TEXTS.convertNothing);
      const id = await insertAction(tx, ctx.companyId, {
        kind: "buy_order",
        providerId: pricing.provider_id,
        orderId: pricing.order_id,
        budgetId: pricing.budget_id,
        requesterId: ctx.user.id,
        warehouseId: input.warehouse_id,
        requiredDeliveryDate: pricing.required_delivery_date,
        expirationDate: null,
        comment: pricing.comment,
        pricingId: pricing.id,
        lines: offered.map((l) => ({ productId: l.product.id, quantity: l.quantity, price: l.price })),
      });
      await tx.db.execute(
        sql`UPDATE provider_actions SET status = 'accepted', updated_at = now()
            WHERE company_id = ${ctx.companyId} AND id = ${pricing.id} AND status = 'answered'`,
      );
      await announce(tx, ctx.companyId, [pricing.id, id]);
      return { id };
    }),
  );
