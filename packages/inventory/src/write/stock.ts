// The only writer of stock_balances and stock_movements: each change of a balance and the movement that explains it
// are written here, in the caller's transaction, so balance = sum of movements always holds. A decrease is one
// conditional UPDATE (never below zero unless the company allows it): concurrent consumptions queue on the row and
// each sees the balance the previous one left, so no two can take the same last unit.
import { INVENTORY_TEXTS, present } from "@taller/core";
import { intArray, queryRows, stockMovements, type StockMovementKind } from "@taller/db";
import { TRPCError, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";

/** Where a movement comes from: the document that moved the stock, when there is one. */
export interface StockDocument {
  type: string;
  id: number;
}

interface Place {
  productId: number;
  warehouseId: number;
}

export interface StockChange extends Place {
  kind: StockMovementKind;
  /** Signed units: what the balance gains (a receipt) or loses (a consumption). */
  quantity: number;
  /** A receipt's cost per unit in pesos (it moves the average cost); decreases leave at the average cost. */
  unitCost?: number;
  reason?: string;
  document?: StockDocument | null;
}

export interface Moved extends Place {
  movementId: number;
  quantity: number;
  balance: number;
}

interface Who {
  companyId: number;
  userId: number | null;
}

interface BalanceRow {
  quantity: number;
  average_cost: number;
}

/** The balance row exists from the first movement on (a zero one); the composite keys refuse another company's. */
async function ensureBalance(tx: Transaction, companyId: number, at: Place) {
  await queryRows(
    tx.db,
    sql`INSERT INTO stock_balances (company_id, product_id, warehouse_id)
        VALUES (${companyId}, ${at.productId}, ${at.warehouseId}) ON CONFLICT DO NOTHING`,
  );
}

const balanceAt = (companyId: number, at: Place) =>
  sql`company_id = ${companyId} AND product_id = ${at.productId} AND warehouse_id = ${at.warehouseId}`;

/** The Spanish refusal of a decrease the balance cannot cover, naming the product, the warehouse and what is there. */
async function notEnough(tx: Transaction, companyId: number, at: Place, held?: number): Promise<TRPCError> {
  const [row] = await queryRows<{ code: string; warehouse: string; quantity: number }>(
    tx.db,
    sql`SELECT p.code, w.name AS warehouse, coalesce(b.quantity, 0) AS quantity
        FROM products p JOIN warehouses w ON w.company_id = p.company_id AND w.id = ${at.warehouseId}
        LEFT JOIN stock_balances b ON b.company_id = p.company_id AND b.product_id = p.id AND b.warehouse_id = w.id
        WHERE p.company_id = ${companyId} AND p.id = ${at.productId}`,
  );
  const message = row
    ? INVENTORY_TEXTS.notEnoughStock(row.code, row.warehouse, held ?? row.quantity)
    : INVENTORY_TEXTS.productNotFound;
  return new TRPCError({ code: "CONFLICT", message });
}

/** Adds or takes units; a receipt moves the average cost to the weighted mean of what is on hand and what came. */
async function applyDelta(tx: Transaction, companyId: number, change: StockChange): Promise<BalanceRow> {
  await ensureBalance(tx, companyId, change);
  const q = change.quantity;
  const rows =
    q > 0
      ? await queryRows<BalanceRow>(
          tx.db,
          sql`UPDATE stock_balances SET
                average_cost = CASE WHEN quantity <= 0 THEN ${change.unitCost ?? 0}::int
                  ELSE round((quantity::numeric * average_cost + ${q}::numeric * ${change.unitCost ?? 0}::int)
                             / (quantity + ${q}))::int END,
                quantity = quantity + ${q}, updated_at = now()
              WHERE ${balanceAt(companyId, change)}
              RETURNING quantity, average_cost`,
        )
      : await queryRows<BalanceRow>(
          tx.db,
          sql`UPDATE stock_balances SET quantity = quantity + ${q}, updated_at = now()
              WHERE ${balanceAt(companyId, change)}
                AND (quantity + ${q} >= 0 OR (SELECT coalesce((preferences->>'allow_negative_stock')::boolean, false)
                                             FROM companies WHERE id = ${companyId}))
              RETURNING quantity, average_cost`,
        );
  const row = rows[0];
  if (!row) throw await notEnough(tx, companyId, change);
  return row;
}

async function recordMovement(
  tx: Transaction,
  who: Who,
  change: StockChange,
  after: BalanceRow,
  unitCost: number,
): Promise<Moved> {
  const [row] = await tx.db
    .insert(stockMovements)
    .values({
      companyId: who.companyId,
      productId: change.productId,
      warehouseId: change.warehouseId,
      kind: change.kind,
      quantity: change.quantity,
      unitCost,
      balanceAfter: after.quantity,
      reason: change.reason ?? "",
      documentType: change.document?.type ?? null,
      documentId: change.document?.id ?? null,
      userId: who.userId,
    })
    .returning({ id: stockMovements.id });
  const movementId = present(row, "inserted movement").id;
  return { ...change, movementId, balance: after.quantity };
}

/** Announces the products whose stock moved, to open lists and pages. */
async function announce(tx: Transaction, companyId: number, productIds: readonly number[]) {
  const ids = [...new Set(productIds)];
  for (let i = 0; i < ids.length; i += 100)
    await tx.emit({ type: "inventory.changed", companyId, payload: { ids: ids.slice(i, i + 100) } });
}

/** The average cost after `q` units at `cost` join `held` units at `average` (rounded half up, exact in bigints). */
export function receivedAverage(held: number, average: number, q: number, cost: number): number {
  if (held <= 0) return cost;
  const num = BigInt(held) * BigInt(average) + BigInt(q) * BigInt(cost);
  const den = BigInt(held + q);
  return Number((2n * num + den) / (2n * den));
}

const placeKey = (at: Place) => `${at.productId}:${at.warehouseId}`;

/**
 * Applies changes (receipts, consumptions) and records one movement each, in three statements whatever their number
 * (a 100-line receipt must stay well under 200 ms): the missing balance rows, then one SELECT … FOR UPDATE that locks
 * every balance involved in (product, warehouse) order (two documents touching the same products cannot deadlock,
 * and a concurrent consumption waits and then sees what the previous one left), the new balances computed from the
 * locked rows, and one statement that updates them and inserts the movements. A change the stock cannot cover
 * (unless the company allows negative stock) throws a Spanish CONFLICT and the caller's transaction writes nothing.
 */
export async function moveStock(tx: Transaction, who: Who, changes: readonly StockChange[]): Promise<Moved[]> {
  const ordered = [...changes]
    .filter((c) => c.quantity !== 0)
    .sort((a, b) => a.productId - b.productId || a.warehouseId - b.warehouseId);
  if (ordered.length === 0) return [];
  const c = who.companyId;
  const places = [...new Map(ordered.map((ch) => [placeKey(ch), ch])).values()];
  const placeList = sql`unnest(${intArray(places.map((p) => p.productId))}, ${intArray(places.map((p) => p.warehouseId))})
    AS v(product_id, warehouse_id)`;
  // The composite keys refuse another company's product or warehouse here.
  await tx.db.execute(
    sql`INSERT INTO stock_balances (company_id, product_id, warehouse_id)
        SELECT ${c}, v.product_id, v.warehouse_id FROM ${placeList} ORDER BY 2, 3 ON CONFLICT DO NOTHING`,
  );
  const locked = await queryRows<BalanceRow & Place & { negative: boolean }>(
    tx.db,
    sql`SELECT b.product_id AS "productId", b.warehouse_id AS "warehouseId", b.quantity, b.average_cost,
               (SELECT coalesce((preferences->>'allow_negative_stock')::boolean, false) FROM companies
                 WHERE id = ${c}) AS negative
        FROM stock_balances b JOIN ${placeList} ON b.product_id = v.product_id AND b.warehouse_id = v.warehouse_id
        WHERE b.company_id = ${c}
        ORDER BY b.product_id, b.warehouse_id FOR UPDATE OF b`,
  );
  const balances = new Map(locked.map((b) => [placeKey(b), { quantity: b.quantity, average_cost: b.average_cost }]));
  const negative = locked[0]?.negative ?? false;
  const rows = [];
  for (const change of ordered) {
    const balance = present(balances.get(placeKey(change)), "locked balance");
    const q = change.quantity;
    if (q > 0) balance.average_cost = receivedAverage(balance.quantity, balance.average_cost, q, change.unitCost ?? 0);
    else if (balance.quantity + q < 0 && !negative) throw await notEnough(tx, c, change, balance.quantity);
    balance.quantity += q;
    rows.push({
      i: rows.length,
      product_id: change.productId,
      warehouse_id: change.warehouseId,
      kind: change.kind,
      quantity: q,
      // A receipt is recorded at what it paid; a decrease at the average cost the units had.
      unit_cost: q > 0 ? (change.unitCost ?? 0) : balance.average_cost,
      balance_after: balance.quantity,
      reason: change.reason ?? "",
      document_type: change.document?.type ?? null,
      document_id: change.document?.id ?? null,
    });
  }
  // The balances and the movements in one statement (one round trip); each movement's key check finds its balance
  // already locked by this transaction. Ids are given in insertion order, which is the rows' order.
  const inserted = await queryRows<{ id: number }>(
    tx.db,
    sql`WITH balances AS (
          UPDATE stock_balances b SET quantity = n.quantity, average_cost = n.average_cost, updated_at = now()
          FROM unnest(${intArray(places.map((p) => p.productId))}, ${intArray(places.map((p) => p.warehouseId))},
                      ${intArray(places.map((p) => present(balances.get(placeKey(p)), "balance").quantity))},
                      ${intArray(places.map((p) => present(balances.get(placeKey(p)), "balance").average_cost))})
               AS n(product_id, warehouse_id, quantity, average_cost)
          WHERE b.company_id = ${c} AND b.product_id = n.product_id AND b.warehouse_id = n.warehouse_id)
        INSERT INTO stock_movements (company_id, product_id, warehouse_id, kind, quantity, unit_cost, balance_after,
                                     reason, document_type, document_id, user_id)
        SELECT ${c}, m.product_id, m.warehouse_id, m.kind, m.quantity, m.unit_cost, m.balance_after, m.reason,
               m.document_type, m.document_id, ${who.userId}::int
        FROM json_to_recordset(${JSON.stringify(rows)}::json)
             AS m(i int, product_id int, warehouse_id int, kind text, quantity int, unit_cost int, balance_after int,
                  reason text, document_type text, document_id int)
        ORDER BY m.i
        RETURNING id`,
  );
  const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
  const moved = rows.map((r, i): Moved => ({
    ...present(ordered[i], "change"),
    movementId: present(ids[i], "inserted movement"),
    balance: r.balance_after,
  }));
  await announce(
    tx,
    c,
    moved.map((m) => m.productId),
  );
  return moved;
}

/** A count: the warehouse holds `quantity` now; the movement records the difference (none when it matched). */
export async function countStock(
  tx: Transaction,
  who: Who,
  at: Place,
  quantity: number,
  reason: string,
): Promise<Moved | null> {
  await ensureBalance(tx, who.companyId, at);
  // The sub-select locks the row, so `before` is the balance this update replaces, not an earlier read.
  const [row] = await queryRows<BalanceRow & { before: number }>(
    tx.db,
    sql`UPDATE stock_balances b SET quantity = ${quantity}, updated_at = now()
        FROM (SELECT id, quantity FROM stock_balances WHERE ${balanceAt(who.companyId, at)} FOR UPDATE) old
        WHERE b.id = old.id
        RETURNING old.quantity AS before, b.quantity, b.average_cost`,
  );
  const after = present(row, "counted balance");
  if (after.before === quantity) return null;
  const change: StockChange = { ...at, kind: "count", quantity: quantity - after.before, reason };
  const moved = await recordMovement(tx, who, change, after, after.average_cost);
  await announce(tx, who.companyId, [at.productId]);
  return moved;
}

/**
 * Moves units between two warehouses: taken from one at its average cost (refused like a consumption when not
 * there), received in the other at that cost. Both rows are locked in warehouse order first.
 */
export async function transferStock(
  tx: Transaction,
  who: Who,
  move: { productId: number; from: number; to: number; quantity: number; reason: string },
): Promise<[Moved, Moved]> {
  const from = { productId: move.productId, warehouseId: move.from };
  const to = { productId: move.productId, warehouseId: move.to };
  await ensureBalance(tx, who.companyId, from);
  await ensureBalance(tx, who.companyId, to);
  await queryRows(
    tx.db,
    sql`SELECT id FROM stock_balances
        WHERE company_id = ${who.companyId} AND product_id = ${move.productId} AND warehouse_id IN (${move.from}, ${move.to})
        ORDER BY warehouse_id FOR UPDATE`,
  );
  const out: StockChange = { ...from, kind: "transfer_out", quantity: -move.quantity, reason: move.reason };
  const left = await applyDelta(tx, who.companyId, out);
  const outMoved = await recordMovement(tx, who, out, left, left.average_cost);
  const into: StockChange = {
    ...to,
    kind: "transfer_in",
    quantity: move.quantity,
    unitCost: left.average_cost,
    reason: move.reason,
    document: { type: "StockMovement", id: outMoved.movementId },
  };
  const arrived = await applyDelta(tx, who.companyId, into);
  const inMoved = await recordMovement(tx, who, into, arrived, left.average_cost);
  await announce(tx, who.companyId, [move.productId]);
  return [outMoved, inMoved];
}

/** A product's minimum per warehouse (0: none), in one upsert each; stock and cost are left as they are. */
export async function setMinimums(
  tx: Transaction,
  companyId: number,
  productId: number,
  minimums: readonly { warehouse_id: number; minimum: number }[],
) {
  for (const m of minimums)
    await queryRows(
      tx.db,
      sql`INSERT INTO stock_balances AS b (company_id, product_id, warehouse_id, minimum)
          VALUES (${companyId}, ${productId}, ${m.warehouse_id}, ${m.minimum})
          ON CONFLICT (company_id, product_id, warehouse_id) DO UPDATE SET minimum = EXCLUDED.minimum
          WHERE b.minimum <> EXCLUDED.minimum`,
    );
}
