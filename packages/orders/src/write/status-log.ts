import { orderStatusLogs } from "@taller/db";
import type { Transaction } from "@taller/trpc";

/** One line of an order's status history, in the transaction that moved the order there. */
export async function logStatus(
  tx: Transaction,
  by: { companyId: number; userId: number },
  orderId: number,
  statusId: number,
  reason: string | null,
): Promise<void> {
  await tx.db.insert(orderStatusLogs).values({ companyId: by.companyId, orderId, statusId, userId: by.userId, reason });
}
