// One pricing or buy order as the supplier's page and the staff's list read it, its row lock, and its announcement.
import {
  type Action,
  PROVIDER_STATUSES,
  present,
  PROVIDER_TEXTS,
  providerAbilities,
  type Instant,
  type ProviderKind,
  type ProviderStatus,
  type ProviderStatusCode,
} from "@taller/core";
import { instantText, queryRows, type Db } from "@taller/db";
import { userError, type DocumentReader, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";

/** document_tokens.document_type of each kind: a token opens one kind's page only. */
export const DOCUMENT_TYPE: Record<ProviderKind, string> = {
  pricing: "ProviderPricing",
  buy_order: "ProviderBuyOrder",
};
export const kindOfDocumentType = (type: string): ProviderKind | null =>
  type === DOCUMENT_TYPE.pricing ? "pricing" : type === DOCUMENT_TYPE.buy_order ? "buy_order" : null;

export interface ActionRow {
  id: number;
  kind: ProviderKind;
  correlative_id: number;
  created_at: Instant;
  comment: string | null;
  estimated_completion_date: string | null;
  expiration_date: string | null;
  required_delivery_date: string | null;
  warehouse_id: number | null;
  status: ProviderStatusCode;
  draft: boolean;
  answered: boolean;
  answered_at: Instant | null;
  provider_id: number;
  order_id: number | null;
  budget_id: number | null;
  requester_id: number | null;
}

const ACTION_COLUMNS = sql`a.id, a.kind, a.correlative_id, ${instantText(sql`a.created_at`)} AS created_at, a.comment,
  a.estimated_completion_date::text AS estimated_completion_date, a.expiration_date::text AS expiration_date,
  a.required_delivery_date::text AS required_delivery_date, a.warehouse_id, a.status, a.draft, a.answered,
  ${instantText(sql`a.answered_at`)} AS answered_at, a.provider_id, a.order_id, a.budget_id, a.requester_id`;

export async function readAction(db: Db, companyId: number, id: number): Promise<ActionRow | null> {
  const [row] = await queryRows<ActionRow>(
    db,
    sql`SELECT ${ACTION_COLUMNS} FROM provider_actions a WHERE a.company_id = ${companyId} AND a.id = ${id}`,
  );
  return row ?? null;
}

/**
 * The document under its row lock: saves and sends of one document run one after the other. With `requesterId`
 * only a document that user asked for (another's is NOT_FOUND, as a missing one, so its existence is not told).
 */
export async function lockAction(
  db: Db,
  companyId: number,
  id: number,
  requesterId: number | null = null,
): Promise<ActionRow> {
  const [row] = await queryRows<ActionRow>(
    db,
    sql`SELECT ${ACTION_COLUMNS} FROM provider_actions a WHERE a.company_id = ${companyId} AND a.id = ${id}
          AND ${requesterId === null ? sql`true` : sql`a.requester_id = ${requesterId}`} FOR UPDATE`,
  );
  if (!row) throw userError("NOT_FOUND", PROVIDER_TEXTS.notFound);
  return row;
}

/**
 * The document a staff procedure acts on, locked: the caller's company's, and with an own-records grant on `action`
 * only one the caller asked for (as the actions' list and page read them).
 */
export const lockActionFor = (
  db: Db,
  ctx: DocumentReader & { companyId: number },
  id: number,
  action: Action,
): Promise<ActionRow> =>
  lockAction(db, ctx.companyId, id, ctx.ownOnly(action, "inventory_action") ? ctx.user.id : null);

export interface ActionLine {
  id: number;
  product: { id: number; code: string; name: string };
  required_quantity: number;
  quantity: number;
  price: number | null;
  _destroy: boolean;
  /** A buy order's units received so far (0 in a pricing). */
  received_quantity: number;
}

export async function readLines(db: Db, companyId: number, actionId: number): Promise<ActionLine[]> {
  const rows = await queryRows<{
    id: number;
    product_id: number;
    code: string;
    name: string;
    required_quantity: number;
    quantity: number;
    price: number | null;
    removed: boolean;
    received_quantity: number;
  }>(
    db,
    sql`SELECT l.id, p.id AS product_id, p.code, p.name, l.required_quantity, l.quantity, l.price, l.removed,
               l.received_quantity
        FROM provider_action_products l JOIN products p ON p.company_id = l.company_id AND p.id = l.product_id
        WHERE l.company_id = ${companyId} AND l.action_id = ${actionId} ORDER BY l.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    product: { id: r.product_id, code: r.code, name: r.name },
    required_quantity: r.required_quantity,
    quantity: r.quantity,
    price: r.price,
    _destroy: r.removed,
    received_quantity: r.received_quantity,
  }));
}

/** The inventory action of seed 000 section 3, as both pages and the staff's detail show it. */
export interface InventoryAction extends Pick<
  ActionRow,
  | "id"
  | "kind"
  | "correlative_id"
  | "created_at"
  | "comment"
  | "estimated_completion_date"
  | "expiration_date"
  | "warehouse_id"
  | "draft"
> {
  status: ProviderStatus & { code: ProviderStatusCode };
  completed: boolean;
  failed: boolean;
  finish: boolean;
  extra_params: { required_delivery_date: string | null; answered: boolean; answered_at: Instant | null };
  inventory_action_products: ActionLine[];
  abilities: ReturnType<typeof providerAbilities>;
}

export function inventoryAction(row: ActionRow, lines: ActionLine[]): InventoryAction {
  const status = PROVIDER_STATUSES[row.status];
  return {
    id: row.id,
    kind: row.kind,
    correlative_id: row.correlative_id,
    created_at: row.created_at,
    comment: row.comment,
    estimated_completion_date: row.estimated_completion_date,
    expiration_date: row.expiration_date,
    warehouse_id: row.warehouse_id,
    status: { ...status, code: row.status },
    completed: status.completed,
    failed: status.failed,
    finish: status.finish,
    draft: row.draft,
    extra_params: {
      required_delivery_date: row.required_delivery_date,
      answered: row.answered,
      answered_at: row.answered_at,
    },
    inventory_action_products: lines,
    abilities: providerAbilities(row),
  };
}

export interface NewAction {
  kind: ProviderKind;
  providerId: number;
  orderId: number | null;
  budgetId: number | null;
  requesterId: number;
  warehouseId: number | null;
  requiredDeliveryDate: string | null;
  expirationDate: string | null;
  comment: string | null;
  /** The pricing a buy order is made from. */
  pricingId?: number;
  /** Each line's quantity is also what was asked; a pricing's price is the supplier's to give (null). */
  lines: { productId: number; quantity: number; price: number | null }[];
}

/**
 * Writes a pricing or buy order and its lines (numbered by the trigger); the caller checked every id is the
 * company's.
 */
export async function insertAction(tx: Transaction, companyId: number, a: NewAction): Promise<number> {
  const [made] = await queryRows<{ id: number }>(
    tx.db,
    sql`INSERT INTO provider_actions (company_id, kind, provider_id, order_id, budget_id, requester_id, warehouse_id,
          required_delivery_date, expiration_date, comment, pricing_id)
        VALUES (${companyId}, ${a.kind}, ${a.providerId}, ${a.orderId}, ${a.budgetId}, ${a.requesterId},
          ${a.warehouseId}, ${a.requiredDeliveryDate}::date, ${a.expirationDate}::date, ${a.comment}, ${a.pricingId ?? null})
        RETURNING id`,
  );
  const id = present(made, "inserted provider action").id;
  const lines = a.lines.map(
    (l) =>
      sql`(${companyId}::int, ${id}::int, ${l.productId}::int, ${l.quantity}::int, ${l.quantity}::int, ${l.price}::int)`,
  );
  await tx.db.execute(
    sql`INSERT INTO provider_action_products (company_id, action_id, product_id, required_quantity, quantity, price)
        VALUES ${sql.join(lines, sql`, `)}`,
  );
  return id;
}

/** Open lists of the document's pricings and buy orders refetch (ids only, as every realtime event). */
export async function announce(tx: Transaction, companyId: number, ids: number[]) {
  await tx.emit({ type: "provider.changed", companyId, payload: { ids } });
}
