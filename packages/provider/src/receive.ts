import { leftToReceive, PROVIDER_TEXTS, providerReceiptSchema } from "@taller/core";
import { intArray, queryRows } from "@taller/db";
import { moveStock } from "@taller/inventory";
import { can, fieldError, staffProcedure, userError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { announce, lockActionFor, readLines } from "./action";

/** The stock movements of a receipt name it: document type of `provider_receipts` rows. */
export const RECEIPT_DOCUMENT = "ProviderReceipt";

/**
 * 'Recibir': some units of a buy order's lines arrive in one warehouse, at each line's price. Under the buy order's
 * row lock (receipts of one buy order run one after the other, each seeing what the previous one received): a line
 * asked for more than is left is refused on its field, and a repeated `key` answers the receipt it already made.
 * The receipt, the received quantities and the stock (movements, balances, average cost through @taller/inventory)
 * are written together or not at all; the check `received_quantity <= quantity` is the database's guarantee.
 */
export const receive = staffProcedure
  .use(can("update", "inventory_action"))
  .input(providerReceiptSchema)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx): Promise<{ receipt_id: number; movement_ids: number[] }> => {
      const action = await lockActionFor(tx.db, ctx, input.id, "update");
      const [done] = await queryRows<{ id: number; action_id: number }>(
        tx.db,
        sql`SELECT id, action_id FROM provider_receipts WHERE company_id = ${ctx.companyId} AND key = ${input.key}::uuid`,
      );
      if (done) {
        if (done.action_id !== action.id) throw fieldError("CONFLICT", "key", "Clave de recepción ya usada");
        return { receipt_id: done.id, movement_ids: [] };
      }
      if (action.kind !== "buy_order") throw fieldError("BAD_REQUEST", "id", PROVIDER_TEXTS.receiveOnlyBuyOrders);
      if (action.status === "cancelled") throw userError("CONFLICT", PROVIDER_TEXTS.receiveCancelled);
      const [warehouse] = await queryRows<{ id: number }>(
        tx.db,
        sql`SELECT id FROM warehouses WHERE company_id = ${ctx.companyId} AND id = ${input.warehouse_id}`,
      );
      if (!warehouse) throw fieldError("NOT_FOUND", "warehouse_id", PROVIDER_TEXTS.unknownWarehouse);
      const lines = new Map((await readLines(tx.db, ctx.companyId, action.id)).map((l) => [l.id, l]));
      const taken = input.lines.flatMap((asked, i) => {
        const line = lines.get(asked.line_id);
        if (!line) throw fieldError("NOT_FOUND", `lines.${i}.line_id`, PROVIDER_TEXTS.unknownLine);
        const left = leftToReceive(line);
        if (asked.quantity > left)
          throw fieldError("BAD_REQUEST", `lines.${i}.quantity`, PROVIDER_TEXTS.receiveTooMuch(left));
        return asked.quantity > 0 ? [{ line, quantity: asked.quantity }] : [];
      });
      const [receipt] = await queryRows<{ id: number }>(
        tx.db,
        sql`INSERT INTO provider_receipts (company_id, action_id, warehouse_id, key, user_id)
            VALUES (${ctx.companyId}, ${action.id}, ${input.warehouse_id}, ${input.key}::uuid, ${ctx.user.id})
            RETURNING id`,
      );
      const receiptId = receipt?.id ?? 0;
      await tx.db.execute(
        sql`UPDATE provider_action_products l SET received_quantity = l.received_quantity + v.quantity
            FROM unnest(${intArray(taken.map((t) => t.line.id))}, ${intArray(taken.map((t) => t.quantity))})
                 AS v(id, quantity)
            WHERE l.company_id = ${ctx.companyId} AND l.action_id = ${action.id} AND l.id = v.id`,
      );
      const moved = await moveStock(
        tx,
        { companyId: ctx.companyId, userId: ctx.user.id },
        taken.map((t) => ({
          productId: t.line.product.id,
          warehouseId: input.warehouse_id,
          kind: "receipt" as const,
          quantity: t.quantity,
          unitCost: t.line.price ?? 0,
          document: { type: RECEIPT_DOCUMENT, id: receiptId },
        })),
      );
      await tx.db.execute(
        sql`UPDATE provider_actions SET updated_at = now() WHERE company_id = ${ctx.companyId} AND id = ${action.id}`,
      );
      await announce(tx, ctx.companyId, [action.id]);
      return { receipt_id: receiptId, movement_ids: moved.map((m) => m.movementId) };
    }),
  );
