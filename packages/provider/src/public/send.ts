import { PROVIDER_TEXTS, providerSaveSchema } from "@taller/core";
import { queryRows } from "@taller/db";
import { fieldError, tokenProcedure, withTransaction, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { announce, inventoryAction, readAction, readLines, type ActionRow, type InventoryAction } from "../action";
import { limitWrites, tokenKind } from "./page";
import { applyForm, lockForWrite } from "./write";

/**
 * 'Enviar Cotización' / 'Reenviar Cotización' / 'Confirmar Orden de Compra': the form as it stands is written, checked
 * whole, and the document leaves draft (answered, answered_at); the requester is told (realtime and push). Two sends
 * at once run one after the other under the row lock: a buy order is confirmed once, the second is refused.
 */
export const send = tokenProcedure("access_token")
  .input(providerSaveSchema)
  .mutation(({ ctx, input }): Promise<InventoryAction> => {
    const kind = tokenKind(ctx.document);
    limitWrites(ctx.document);
    return withTransaction(ctx, async (tx) => {
      const locked = await lockForWrite(tx, ctx.companyId, ctx.document.id, "send");
      const { token: _token, ...form } = input;
      await applyForm(tx, ctx.companyId, locked, form);
      const row = (await readAction(tx.db, ctx.companyId, locked.id)) ?? locked;
      const lines = await readLines(tx.db, ctx.companyId, row.id);
      if (!row.estimated_completion_date)
        throw fieldError("BAD_REQUEST", "estimated_completion_date", PROVIDER_TEXTS.estimatedRequired);
      if (kind === "pricing") {
        if (row.warehouse_id === null)
          throw fieldError("BAD_REQUEST", "warehouse_id", PROVIDER_TEXTS.warehouseRequired);
        const offered = lines.filter((l) => !l._destroy);
        if (!offered.length)
          throw fieldError("BAD_REQUEST", "inventory_action_products_attributes", PROVIDER_TEXTS.noLines);
        if (offered.some((l) => l.price === null))
          throw fieldError("BAD_REQUEST", "inventory_action_products_attributes", PROVIDER_TEXTS.priceRequired);
      }
      await tx.db.execute(
        sql`UPDATE provider_actions SET status = ${kind === "pricing" ? "answered" : "confirmed"}, draft = false, answered = true,
              answered_at = now(), updated_at = now()
            WHERE company_id = ${ctx.companyId} AND id = ${row.id}`,
      );
      await announce(tx, ctx.companyId, [row.id]);
      await notifyRequester(tx, ctx.companyId, row);
      const sent = (await readAction(tx.db, ctx.companyId, row.id)) ?? row;
      return inventoryAction(sent, lines);
    });
  });

/** The push the requester gets (should_send_notification): it opens the order or budget the request came from. */
async function notifyRequester(tx: Transaction, companyId: number, row: ActionRow) {
  if (row.requester_id === null) return;
  const [provider] = await queryRows<{ name: string }>(
    tx.db,
    sql`SELECT name FROM providers WHERE company_id = ${companyId} AND id = ${row.provider_id}`,
  );
  const title =
    row.kind === "pricing"
      ? `${PROVIDER_TEXTS.pricingTitle(row.correlative_id)} respondida`
      : `${PROVIDER_TEXTS.buyOrderTitle(row.correlative_id)} confirmada`;
  await tx.emit({
    type: "push.requested",
    companyId,
    payload: {
      userIds: [row.requester_id],
      title,
      body: (provider?.name ?? "").slice(0, 300),
      url: row.order_id !== null ? `/main/orders/${row.order_id}` : `/main/budgets/${row.budget_id ?? 0}`,
      tag: `provider-${row.id}`,
    },
  });
}
