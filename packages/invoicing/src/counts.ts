// The list's status boxes (count and pesos per status) and its total. Without a search, a day range, a client or an
// own scope they are read from invoice_status_totals (kept by triggers per type and status, exact at any size);
// otherwise the matches are counted up to COUNT_CAP + 1 with their pesos summed over the same sample, so a first
// page never costs what the whole company holds: past the cap the counts are lower bounds and no pesos are given.
import { INVOICE_STATUS_KEYS, type InvoiceStatus } from "@taller/core";
import { intArray, queryRows, type Db } from "@taller/db";
import {
  cappedGroupCount,
  ESTIMATE_SKIP,
  estimateRows,
  farPastCap,
  groupCounts,
  type Counted,
  type GroupCountRow,
} from "@taller/trpc";
import { sql } from "drizzle-orm";
import { filterConditions, type InvoiceFilters } from "./filters";

export interface StatusTotal {
  status: InvoiceStatus;
  count: number;
  /** Pesos of the documents in the status; null when the count stopped at the cap. */
  amount: number | null;
}

export interface InvoiceTotals {
  by_status: StatusTotal[];
  /** The matches passed COUNT_CAP: each count is a sample's (a lower bound) and no amount is known. */
  capped: boolean;
}

export interface InvoiceCounts extends Counted {
  totals: InvoiceTotals;
}

// The capped count groups by number: a status's position in INVOICE_STATUS_KEYS, from 1.
const STATUS_GROUPS = INVOICE_STATUS_KEYS.map((_, i) => i + 1);
const groupOf = (status: InvoiceStatus) => INVOICE_STATUS_KEYS.indexOf(status) + 1;
const statusGroup = sql`array_position(ARRAY[${sql.join(
  INVOICE_STATUS_KEYS.map((k) => sql`${k}`),
  sql`, `,
)}]::text[], i.status)`;

/** The stored totals serve every filter but these (the type filter picks rows of the totals). */
const storedTotalsServe = (f: InvoiceFilters) =>
  !f.search && f.ownerId === null && f.from === null && f.to === null && f.clientId === null;

export async function countInvoices(db: Db, f: InvoiceFilters): Promise<InvoiceCounts> {
  if (storedTotalsServe(f)) {
    const rows = await queryRows<{ status: InvoiceStatus; count: number; amount: number | string }>(
      db,
      sql`SELECT status, sum(count)::int AS count, sum(amount)::bigint AS amount FROM invoice_status_totals
          WHERE company_id = ${f.companyId} AND ${f.types ? sql`dte_type = ANY(${intArray(f.types)})` : sql`true`}
          GROUP BY status`,
    );
    const by_status = INVOICE_STATUS_KEYS.map((status) => {
      const row = rows.find((r) => r.status === status);
      return { status, count: row?.count ?? 0, amount: Number(row?.amount ?? 0) };
    });
    const total = by_status
      .filter((t) => !f.statuses || f.statuses.includes(t.status))
      .reduce((sum, t) => sum + t.count, 0);
    return { total, capped: false, totals: { by_status, capped: false } };
  }
  const from = sql`invoices i`;
  const where = filterConditions(f, false);
  const selected = f.statuses && f.statuses.map(groupOf);
  const rows =
    f.search && (await estimateRows(db, from, where)) > ESTIMATE_SKIP
      ? null
      : await queryRows<GroupCountRow>(
          db,
          cappedGroupCount({
            group: statusGroup,
            from,
            where,
            whereSelected: f.statuses ? filterConditions(f) : null,
            sum: sql`i.total`,
          }),
        );
  const counted = rows ? groupCounts(STATUS_GROUPS, rows, selected) : farPastCap(STATUS_GROUPS);
  const by_status = INVOICE_STATUS_KEYS.map((status) => {
    const group = groupOf(status);
    const row = rows?.find((r) => Number(r.group) === group);
    return {
      status,
      count: counted.by.find((c) => c.group === group)?.count ?? 0,
      amount: counted.byCapped ? null : Number(row?.amount ?? 0),
    };
  });
  return { total: counted.total, capped: counted.capped, totals: { by_status, capped: counted.byCapped } };
}
