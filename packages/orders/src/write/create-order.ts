import { ORDER_TEXTS, present } from "@taller/core";
import { orders, termText, queryRows, type DocumentPicture } from "@taller/db";
import { type Transaction, userError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { createDocumentChat } from "@taller/chat";
import { logStatus } from "./status-log";

/** What a new order is received with; the number, the first status and the check-in time are the package's. */
export interface NewOrder {
  requirementId: number | null;
  clientId: number | null;
  vehicleId: number | null;
  locationId: number | null;
  /** Who works on it. */
  assigneeId: number | null;
  comment: string | null;
  /** Where it came from ('agenda' for a booking's check-in, 'recepcion' for the reception screen). */
  from: string;
  /** What reception writes besides (orders.receive); a booking's check-in has none of it. */
  reception?: {
    /** Who received the vehicle (the status log names who wrote the order). */
    receivedBy: number;
    kms: number | null;
    finishDate: string | null;
    customFields: Record<string, string | number>;
    pictures: DocumentPicture[];
    receiveKey: string;
  };
}

/**
 * Receives an order in the caller's transaction: the company's next order number (its counter row, locked to the
 * transaction's end by next_correlative), the company's first order status, that status as the first line of its
 * history, its chat (@taller/chat's createDocumentChat), and the events: the lists refresh, and a client's WhatsApp
 * 'order received' notification is asked for.
 */
export async function createOrder(
  tx: Transaction,
  by: { companyId: number; userId: number },
  order: NewOrder,
  now = new Date(),
): Promise<{ id: number; correlative_id: number }> {
  const [status] = await queryRows<{ id: number }>(
    tx.db,
    sql`SELECT id FROM statuses WHERE company_id = ${by.companyId} AND type = 'Order' ORDER BY position, id LIMIT 1`,
  );
  if (!status)
    throw userError("PRECONDITION_FAILED", await termText(tx.db, by.companyId, "order", ORDER_TEXTS.noStatus));
  const [next] = await queryRows<{ n: number }>(tx.db, sql`SELECT next_correlative('orders', ${by.companyId}) AS n`);
  const correlativeId = present(next, "the next order number").n;
  const { reception, ...fields } = order;
  const [row] = await tx.db
    .insert(orders)
    .values({
      companyId: by.companyId,
      correlativeId,
      statusId: status.id,
      userId: reception?.receivedBy ?? by.userId,
      checkInTime: now,
      ...fields,
      ...(reception && {
        kms: reception.kms,
        finishDate: reception.finishDate,
        customFields: reception.customFields,
        pictures: reception.pictures,
        receiveKey: reception.receiveKey,
      }),
    })
    .returning({ id: orders.id });
  const id = present(row, "the inserted order").id;
  await logStatus(tx, by, id, status.id, null);
  // Every order is born with its chat, however it was received (the reception, a booking's check-in).
  await createDocumentChat(tx, by.companyId, "Order", id);
  await tx.emit({ type: "order.changed", companyId: by.companyId, payload: { ids: [id] } });
  if (order.clientId !== null) {
    await tx.emit({
      type: "notification.requested",
      companyId: by.companyId,
      payload: { notification: "order_received", documentId: id },
    });
  }
  return { id, correlative_id: correlativeId };
}
