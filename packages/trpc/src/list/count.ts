// Counting a list for its total and its status boxes in one statement, capped: past COUNT_CAP matches the count
// stops, so a one-letter search never reads a million rows to print a number.
import { COUNT_CAP } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { sql, type SQL } from "drizzle-orm";
import type { Counted } from "./page";

/**
 * One row of a grouped count: the group (a status), its count, and (capped queries) the sample's size and the total.
 */
export interface GroupCountRow {
  group: number;
  n: number;
  /** Rows the sample held (0 when counted exactly). */
  sampled: number;
  /** The list's total under every filter, counted only when the sample hit the cap. */
  selected: number | null;
  /** The sum of `sum` over the group's sampled rows (absent without `sum`); exact when `sampled` ≤ the cap. */
  amount?: number | string | null;
}

/**
 * The capped grouped count: `group` over the first COUNT_CAP + 1 rows of `from` under `where` (every filter but the
 * grouped one), and, only when that sample hit the cap, the rows under `whereSelected` (every filter; null when the
 * grouped column is not filtered) counted up to COUNT_CAP + 1; with `sum`, that expression summed per group over the
 * sample (an amount read at no more cost than the count). Answers GroupCountRow rows.
 */
export function cappedGroupCount(opts: {
  group: SQL;
  from: SQL;
  where: SQL;
  whereSelected: SQL | null;
  sum?: SQL;
}): SQL {
  // Without a filter on the grouped column the list's total is the sample's size.
  const selected = opts.whereSelected
    ? sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${opts.from} WHERE ${opts.whereSelected} LIMIT ${COUNT_CAP + 1}) m)`
    : sql`(SELECT n FROM sampled)`;
  const [amount, summed] = opts.sum ? [sql`, ${opts.sum} AS amount`, sql`sum(amount) AS amount,`] : [sql``, sql``];
  return sql`WITH sample AS (SELECT ${opts.group} AS grp${amount} FROM ${opts.from} WHERE ${opts.where} LIMIT ${COUNT_CAP + 1}),
                  sampled AS (SELECT count(*)::int AS n FROM sample)
             SELECT grp AS "group", count(*)::int AS n, (SELECT n FROM sampled) AS sampled, ${summed}
                    CASE WHEN (SELECT n FROM sampled) > ${COUNT_CAP} THEN ${selected} END AS selected
             FROM sample GROUP BY grp`;
}

export interface GroupCounts<G extends number> extends Counted {
  /** Count per group, every group listed (0 when none matched). */
  by: { group: G; count: number }[];
  /** The sample hit the cap: `by` counts only a sample (lower bounds). */
  byCapped: boolean;
}

/** The counts per group (in `groups` order) and the list's total for the selected groups (null: all). */
export function groupCounts<G extends number>(
  groups: readonly G[],
  rows: readonly GroupCountRow[],
  selected: readonly G[] | null,
): GroupCounts<G> {
  const counts = new Map(rows.map((r) => [Number(r.group), r.n]));
  const by = groups.map((group) => ({ group, count: counts.get(group) ?? 0 }));
  if ((rows[0]?.sampled ?? 0) <= COUNT_CAP) {
    const total = by.filter((c) => !selected || selected.includes(c.group)).reduce((sum, c) => sum + c.count, 0);
    return { by, byCapped: false, total, capped: false };
  }
  const total = rows[0]?.selected ?? 0;
  return { by, byCapped: true, total: Math.min(total, COUNT_CAP), capped: total > COUNT_CAP };
}

/** The status boxes' part of a list answer: `{ by_status: [{ status_id, count }], capped }`, alike for every list. */
export function statusTotals<G extends number>(counted: GroupCounts<G>) {
  return { by_status: counted.by.map((c) => ({ status_id: c.group, count: c.count })), capped: counted.byCapped };
}

/**
 * Past this many estimated matches a count is not even sampled: the planner's estimate (its statistics on the
 * search columns, a millisecond to read) says the total is well above COUNT_CAP (the margin covers the estimate's
 * error, about 15% for trigram searches at a million orders). Counting would read tens of thousands of index entries
 * (a common surname's trigrams, a one-letter prefix) to print 'más de 10.000' anyway.
 */
export const ESTIMATE_SKIP = 1.5 * COUNT_CAP;

/** The planner's estimate of the rows of `from` under `where` (no rows are read). */
export async function estimateRows(db: Db, from: SQL, where: SQL): Promise<number> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${where}`,
  );
  const raw = row ? Object.values(row)[0] : null;
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: { "Plan Rows": number } }] | null;
  return plan?.[0]?.Plan["Plan Rows"] ?? 0;
}

/** The counts when the estimate says the matches are far past the cap: a lower bound, nothing per group. */
export function farPastCap<G extends number>(groups: readonly G[]): GroupCounts<G> {
  return { by: groups.map((group) => ({ group, count: 0 })), byCapped: true, total: COUNT_CAP, capped: true };
}

/** The rows of `from` under `where`, counted up to COUNT_CAP + 1: past the cap the total is a lower bound. */
export async function cappedCount(db: Db, from: SQL, where: SQL): Promise<Counted> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${COUNT_CAP + 1}) m`,
  );
  const n = row?.n ?? 0;
  return { total: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
}
