// One budget as the detail page and the PDF read it: the budget, its order, client and vehicle, its lines and its
// status history. Every query is bound to the company.
import type { Instant } from "@taller/core";
import { instantText, queryRows, type Db, type DocumentPicture } from "@taller/db";
import { ownedDocument } from "@taller/trpc";
import { sql } from "drizzle-orm";

export interface BudgetDetail {
  id: number;
  correlative_id: number;
  total: number;
  notes: string | null;
  pictures: DocumentPicture[];
  created_at: Instant;
  status: { id: number; name: string; color: string; finish: boolean };
  created_by_name: string | null;
  company_name: string;
  order: {
    id: number;
    correlative_id: number;
    requirement_name: string | null;
    client_name: string | null;
    client_rut: string | null;
    client_email: string | null;
    client_phone: string | null;
    identifier: string | null;
    brand_name: string | null;
    brand_model_name: string | null;
  };
  lines: {
    id: number;
    product_id: number | null;
    product_code: string | null;
    description: string;
    quantity: number;
    unit_price: number;
    discount: number;
    total: number;
  }[];
  status_changes: {
    id: number;
    from_status_name: string | null;
    to_status_name: string;
    to_status_color: string;
    user_name: string | null;
    created_at: Instant;
  }[];
}

interface HeadRow {
  id: number;
  correlative_id: number;
  total: number;
  notes: string | null;
  pictures: DocumentPicture[];
  created_at: Instant;
  status_id: number;
  status_name: string;
  status_color: string;
  status_finish: boolean;
  created_by_name: string | null;
  company_name: string;
  order_id: number;
  order_correlative_id: number;
  requirement_name: string | null;
  client_name: string | null;
  client_rut: string | null;
  client_email: string | null;
  client_phone: string | null;
  identifier: string | null;
  brand_name: string | null;
  brand_model_name: string | null;
}

/**
 * The budget with its lines and history, or null when the company has no such budget or it is not `ownerId`'s (its
 * order's people; null: anyone's).
 */
export async function loadBudget(
  db: Db,
  companyId: number,
  id: number,
  ownerId: number | null,
): Promise<BudgetDetail | null> {
  const [head] = await queryRows<HeadRow>(
    db,
    sql`SELECT b.id, b.correlative_id, b.total, b.notes, b.pictures, ${instantText(sql`b.created_at`)} AS created_at,
               s.id AS status_id, s.name AS status_name, s.color AS status_color, s.finish AS status_finish,
               u.name AS created_by_name, co.name AS company_name,
               o.id AS order_id, o.correlative_id AS order_correlative_id, r.name AS requirement_name,
               c.name AS client_name, c.rut AS client_rut, c.email AS client_email, c.phone AS client_phone,
               v.identifier, br.name AS brand_name, bm.name AS brand_model_name
        FROM budgets b
        JOIN companies co ON co.id = b.company_id
        JOIN statuses s ON s.company_id = b.company_id AND s.id = b.status_id
        JOIN orders o ON o.company_id = b.company_id AND o.id = b.order_id
        LEFT JOIN users u ON u.company_id = b.company_id AND u.id = b.created_by
        LEFT JOIN requirements r ON r.company_id = o.company_id AND r.id = o.requirement_id
        LEFT JOIN clients c ON c.company_id = o.company_id AND c.id = o.client_id
        LEFT JOIN vehicles v ON v.company_id = o.company_id AND v.id = o.vehicle_id
        LEFT JOIN brands br ON br.id = v.brand_id
        LEFT JOIN brand_models bm ON bm.id = v.brand_model_id
        WHERE b.id = ${id} AND b.company_id = ${companyId} AND ${ownedDocument("Budget", ownerId)}`,
  );
  if (!head) return null;
  const [lines, changes] = await Promise.all([
    queryRows<BudgetDetail["lines"][number]>(
      db,
      sql`SELECT l.id, l.product_id, p.code AS product_code, l.description, l.quantity, l.unit_price, l.discount, l.total
          FROM budget_lines l LEFT JOIN products p ON p.company_id = l.company_id AND p.id = l.product_id
          WHERE l.budget_id = ${id} AND l.company_id = ${companyId} ORDER BY l.position, l.id`,
    ),
    queryRows<BudgetDetail["status_changes"][number]>(
      db,
      sql`SELECT h.id, fs.name AS from_status_name, ts.name AS to_status_name, ts.color AS to_status_color,
                 u.name AS user_name, ${instantText(sql`h.created_at`)} AS created_at
          FROM budget_status_changes h
          JOIN statuses ts ON ts.company_id = h.company_id AND ts.id = h.to_status_id
          LEFT JOIN statuses fs ON fs.company_id = h.company_id AND fs.id = h.from_status_id
          LEFT JOIN users u ON u.company_id = h.company_id AND u.id = h.user_id
          WHERE h.budget_id = ${id} AND h.company_id = ${companyId} ORDER BY h.id`,
    ),
  ]);
  return {
    id: head.id,
    correlative_id: head.correlative_id,
    total: head.total,
    notes: head.notes,
    pictures: head.pictures,
    created_at: head.created_at,
    status: { id: head.status_id, name: head.status_name, color: head.status_color, finish: head.status_finish },
    created_by_name: head.created_by_name,
    company_name: head.company_name,
    order: {
      id: head.order_id,
      correlative_id: head.order_correlative_id,
      requirement_name: head.requirement_name,
      client_name: head.client_name,
      client_rut: head.client_rut,
      client_email: head.client_email,
      client_phone: head.client_phone,
      identifier: head.identifier,
      brand_name: head.brand_name,
      brand_model_name: head.brand_model_name,
    },
    lines,
    status_changes: changes,
  };
}
