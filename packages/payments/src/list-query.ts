// The list's SQL: one page after a keyset key (newest first: the id), and the counts per status.
import { PAYMENT_STATUS_IDS, PAGE_SIZE, type Instant, type PaymentStatusId, idSchema } from "@taller/core";
import { instantText, queryRows, type Db } from "@taller/db";
import {
  cappedGroupCount,
  ESTIMATE_SKIP,
  estimateRows,
  farPastCap,
  groupCounts,
  type GroupCountRow,
  type GroupCounts,
} from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { filterConditions, type PaymentFilters } from "./filters";

export const sortKeySchema = z.tuple([idSchema]);
export type PaymentKey = z.infer<typeof sortKeySchema>;

/** A row of the list (seed 002 sections 2.5 and 3.5). */
export interface PaymentListRow {
  id: number;
  correlative_id: number;
  status: PaymentStatusId;
  total: number;
  /** Made with the test checkout ('Pago de prueba'). */
  test: boolean;
  payment_id: string | null;
  vehicle_identifier: string | null;
  requirement_name: string | null;
  client_name: string | null;
  order_id: number | null;
  created_at: Instant;
  paid_at: Instant | null;
}

export async function findPage(db: Db, f: PaymentFilters, after: PaymentKey | null): Promise<PaymentListRow[]> {
  return queryRows<PaymentListRow>(
    db,
    sql`SELECT p.id, p.correlative_id, p.status, p.total, p.provider = 'local' AS test, p.payment_id, p.vehicle_identifier, p.requirement_name, p.client_name,
               p.order_id, ${instantText(sql`p.created_at`)} AS created_at, ${instantText(sql`p.paid_at`)} AS paid_at
        FROM payment_requests p
        WHERE ${filterConditions(f)} AND ${after ? sql`p.id < ${after[0]}` : sql`true`}
        ORDER BY p.id DESC LIMIT ${PAGE_SIZE + 1}`,
  );
}

/**
 * Counts per status under every filter but the legend's, and the list's total. Without a search or an own-records
 * scope they are read from payment_request_counts (kept by triggers, exact); otherwise counted up to the cap.
 */
export async function countPayments(db: Db, f: PaymentFilters): Promise<GroupCounts<PaymentStatusId>> {
  if (!f.search && f.ownerId === null) {
    const rows = await queryRows<{ status: number; count: number }>(
      db,
      sql`SELECT status, count FROM payment_request_counts WHERE company_id = ${f.companyId}`,
    );
    const by = PAYMENT_STATUS_IDS.map((group) => ({ group, count: rows.find((r) => r.status === group)?.count ?? 0 }));
    const total = by.filter((c) => !f.statuses || f.statuses.includes(c.group)).reduce((sum, c) => sum + c.count, 0);
    return { by, byCapped: false, total, capped: false };
  }
  const from = sql`payment_requests p`;
  const where = filterConditions(f, false);
  if (f.search && (await estimateRows(db, from, where)) > ESTIMATE_SKIP) return farPastCap(PAYMENT_STATUS_IDS);
  const rows = await queryRows<GroupCountRow>(
    db,
    cappedGroupCount({ group: sql`p.status`, from, where, whereSelected: f.statuses ? filterConditions(f) : null }),
  );
  return groupCounts(PAYMENT_STATUS_IDS, rows, f.statuses);
}
