import { agree, PROVIDER_TEXTS, providerCreateSchema } from "@taller/core";
import { intArray, queryRows, termNotFound, termText } from "@taller/db";
import { can, fieldError, readableDocument, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { announce, insertAction, inventoryAction, readAction, readLines, type InventoryAction } from "./action";
import { issueLink, type IssuedLink } from "./links";

/**
 * 'Solicitar cotización' / 'Enviar orden de compra' from an order or a budget: the document, its lines and its link,
 * together. A buy order carries the workshop's prices (each product's buy price) and needs a warehouse; a pricing's
 * prices are the supplier's to give. Another company's supplier, document, warehouse or product is NOT_FOUND, and so
 * is an order or budget the caller may not read (its screens' permission, an own-records grant's own documents).
 */
export const create = staffProcedure
  .use(can("create", "inventory_action"))
  .input(providerCreateSchema)
  .mutation(({ ctx, input }): Promise<{ action: InventoryAction; link: IssuedLink }> =>
    withTransaction(ctx, async (tx) => {
      const one = async (query: ReturnType<typeof sql>) =>
        (await queryRows<{ id: number; order_id?: number }>(tx.db, query))[0];
      if (!(await one(sql`SELECT id FROM providers WHERE company_id = ${ctx.companyId} AND id = ${input.provider_id}`)))
        throw fieldError("NOT_FOUND", "provider_id", "Proveedor no encontrado");
      let orderId = input.order_id ?? null;
      if (input.budget_id != null) {
        const budget = await one(
          sql`SELECT b.id, b.order_id FROM budgets b WHERE b.company_id = ${ctx.companyId} AND b.id = ${input.budget_id}
                AND ${readableDocument(ctx, "Budget", sql`b.company_id`, sql`b.id`)}`,
        );
        if (!budget) throw fieldError("NOT_FOUND", "budget_id", "Presupuesto no encontrado");
        if (orderId !== null && budget.order_id !== orderId)
          throw fieldError(
            "BAD_REQUEST",
            "budget_id",
            await termText(
              tx.db,
              ctx.companyId,
              "order",
              (o) => `El presupuesto no es de ${agree(o, "este", "esta")} ${o.oneLower}`,
            ),
          );
        orderId = budget.order_id ?? null;
      } else if (
        orderId !== null &&
        !(await one(
          sql`SELECT o.id FROM orders o WHERE o.company_id = ${ctx.companyId} AND o.id = ${orderId}
                AND ${readableDocument(ctx, "Order", sql`o.company_id`, sql`o.id`)}`,
        ))
      ) {
        throw fieldError("NOT_FOUND", "order_id", await termNotFound(tx.db, ctx.companyId, "order"));
      }
      if (input.warehouse_id != null) {
        if (
          !(await one(
            sql`SELECT id FROM warehouses WHERE company_id = ${ctx.companyId} AND id = ${input.warehouse_id}`,
          ))
        )
          throw fieldError("NOT_FOUND", "warehouse_id", PROVIDER_TEXTS.unknownWarehouse);
      } else if (input.kind === "buy_order")
        throw fieldError("BAD_REQUEST", "warehouse_id", PROVIDER_TEXTS.warehouseRequired);
      const ids = input.products.map((p) => p.product_id);
      const found = await queryRows<{ id: number; buy_price: number }>(
        tx.db,
        sql`SELECT id, buy_price FROM products WHERE company_id = ${ctx.companyId} AND id = ANY (${intArray(ids)})`,
      );
      if (found.length !== ids.length) throw fieldError("NOT_FOUND", "products", "Producto no encontrado");
      const buyPrice = new Map(found.map((p) => [p.id, p.buy_price]));
      const id = await insertAction(tx, ctx.companyId, {
        kind: input.kind,
        providerId: input.provider_id,
        orderId,
        budgetId: input.budget_id ?? null,
        requesterId: ctx.user.id,
        warehouseId: input.warehouse_id ?? null,
        requiredDeliveryDate: input.required_delivery_date ?? null,
        expirationDate: input.expiration_date ?? null,
        comment: input.comment || null,
        lines: input.products.map((p) => ({
          productId: p.product_id,
          quantity: p.quantity,
          price: input.kind === "buy_order" ? (buyPrice.get(p.product_id) ?? 0) : null,
        })),
      });
      const link = await issueLink(tx.db, ctx.companyId, input.kind, id);
      await announce(tx, ctx.companyId, [id]);
      const row = await readAction(tx.db, ctx.companyId, id);
      if (!row) throw new Error("provider action vanished in its own transaction");
      return { action: inventoryAction(row, await readLines(tx.db, ctx.companyId, id)), link };
    }),
  );
