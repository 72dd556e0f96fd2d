import { documentFinished } from "@taller/chat";
import { deliveryStatus, ORDER_TEXTS, type OrderLifeStatus, type TermWords } from "@taller/core";
import { isTransitionAllowed } from "@taller/admin";
import { queryRows, termNotFound, termText } from "@taller/db";
import { fieldError, ownedDocument, type Transaction, TRPCError, userError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { logStatus } from "./status-log";

/** Who writes, and the user the order must belong to (null: any of the company's). */
export interface OrderWriter {
  companyId: number;
  userId: number;
  ownerId: number | null;
}

/** Where a move goes: a status the user picked, the delivery status ('Entregar') or the cancel status ('Anular'). */
export type MoveTarget = { statusId: number } | "deliver" | "cancel";

interface Current {
  status_id: number;
  version: number;
  finish: boolean;
}

/** A refusal that names the order in the company's words. */
export const orderText = (tx: Transaction, companyId: number, text: (order: TermWords) => string) =>
  termText(tx.db, companyId, "order", text);

/**
 * The order as the writer may see it, refused when another write got there first: NOT_FOUND for another company's
 * order (or, with an own-records grant, another user's), CONFLICT when `version` is not the one it holds now.
 */
export async function currentOrder(tx: Transaction, by: OrderWriter, id: number, version: number): Promise<Current> {
  const [order] = await queryRows<Current>(
    tx.db,
    sql`SELECT o.status_id, o.version, s.finish FROM orders o
        JOIN statuses s ON s.company_id = o.company_id AND s.id = o.status_id
        WHERE o.company_id = ${by.companyId} AND o.id = ${id} AND ${ownedDocument("Order", by.ownerId)}`,
  );
  if (!order) throw new TRPCError({ code: "NOT_FOUND", message: await termNotFound(tx.db, by.companyId, "order") });
  if (order.version !== version) throw userError("CONFLICT", await orderText(tx, by.companyId, ORDER_TEXTS.stale));
  return order;
}

async function targetStatus(tx: Transaction, companyId: number, target: MoveTarget): Promise<OrderLifeStatus> {
  const statuses = await queryRows<OrderLifeStatus>(
    tx.db,
    sql`SELECT id, finish, cancel, position FROM statuses WHERE company_id = ${companyId} AND type = 'Order'`,
  );
  if (target === "deliver") {
    const found = deliveryStatus(statuses);
    if (!found) throw userError("PRECONDITION_FAILED", ORDER_TEXTS.noDeliveryStatus);
    return found;
  }
  if (target === "cancel") {
    const found = statuses.find((s) => s.cancel);
    if (!found) throw userError("PRECONDITION_FAILED", ORDER_TEXTS.noCancelStatus);
    return found;
  }
  const found = statuses.find((s) => s.id === target.statusId);
  if (!found) throw fieldError("BAD_REQUEST", "status_id", await orderText(tx, companyId, ORDER_TEXTS.statusNotOrder));
  // A cancellation needs its reason: it goes through orders.cancel.
  if (found.cancel) {
    throw fieldError("BAD_REQUEST", "status_id", await orderText(tx, companyId, ORDER_TEXTS.cancelThroughCancel));
  }
  return found;
}

/**
 * Moves an order to another status along the company's transitions, in the caller's transaction: the update holds
 * only while the order is still at the version the user saw (`WHERE version = …`), so of two concurrent moves one
 * wins and the other is a CONFLICT; the status log row is written with it, so the history's last line is always the
 * order's status. A finished status ends the order (ended_at); delivering also marks the work completed when nothing
 * did before; cancelling keeps its reason. The order's chat follows a finish or a reopening (archived or listed).
 * Returns the order's new version.
 */
export async function moveOrder(
  tx: Transaction,
  by: OrderWriter,
  move: { id: number; version: number; target: MoveTarget; reason: string | null },
): Promise<{ id: number; status_id: number; version: number }> {
  const order = await currentOrder(tx, by, move.id, move.version);
  const to = await targetStatus(tx, by.companyId, move.target);
  if (to.id === order.status_id) {
    throw fieldError("CONFLICT", "status_id", await orderText(tx, by.companyId, ORDER_TEXTS.sameStatus));
  }
  if (!(await isTransitionAllowed(tx.db, by.companyId, order.status_id, to.id))) {
    throw fieldError("CONFLICT", "status_id", await orderText(tx, by.companyId, ORDER_TEXTS.transitionNotAllowed));
  }
  const [moved] = await queryRows<{ version: number }>(
    tx.db,
    sql`UPDATE orders SET status_id = ${to.id}, version = version + 1, updated_at = now(),
               ended_at = CASE WHEN ${to.finish} THEN coalesce(ended_at, now()) END,
               completed_at = CASE WHEN ${move.target === "deliver"} THEN coalesce(completed_at, now()) ELSE completed_at END,
               cancel_reason = ${to.cancel ? move.reason : null}
        WHERE company_id = ${by.companyId} AND id = ${move.id} AND version = ${move.version}
        RETURNING version`,
  );
  if (!moved) throw userError("CONFLICT", await orderText(tx, by.companyId, ORDER_TEXTS.stale));
  await logStatus(tx, by, move.id, to.id, move.reason);
  if (to.finish !== order.finish) await documentFinished(tx, by.companyId, { type: "Order", id: move.id }, to.finish);
  await tx.emit({ type: "order.changed", companyId: by.companyId, payload: { ids: [move.id] } });
  return { id: move.id, status_id: to.id, version: moved.version };
}
