// What the works procedures answer: work instances read with one SELECT and shaped here, so every procedure (staff
// and kiosk) answers the same rows (seed 002 section 3.3: id, user, work {name}, document, created/started/completed).
import type { Instant, WorkDocumentType } from "@taller/core";
import { instantText, queryRows, type Db } from "@taller/db";
import { sql, type SQL } from "drizzle-orm";

export interface Work {
  id: number;
  user_id: number;
  user: { id: number; name: string; picture: string | null };
  work: { id: number; name: string };
  document_type: WorkDocumentType;
  document_id: number;
  /** The order's correlative number (documents of type Order), for '#123' labels. */
  correlative_id: number | null;
  /** The order's status now (Order documents): a card follows the order moved, finished or cancelled. */
  order_status: OrderStatusOfWork | null;
  created_at: Instant;
  started_at: Instant | null;
  completed_at: Instant | null;
}

export interface OrderStatusOfWork {
  name: string;
  color: string;
  finish: boolean;
  cancel: boolean;
}

interface WorkRow {
  id: number;
  user_id: number;
  user_name: string;
  user_picture: string | null;
  custom_work_id: number;
  work_name: string;
  document_type: WorkDocumentType;
  document_id: number;
  correlative_id: number | null;
  order_status: OrderStatusOfWork | null;
  created_at: Instant;
  started_at: Instant | null;
  completed_at: Instant | null;
}

/** Works of the company matching `where` (over `works w`), in the given order. */
export async function selectWorks(
  db: Db,
  companyId: number,
  where: SQL,
  opts: { limit: number; order?: SQL },
): Promise<Work[]> {
  const rows = await queryRows<WorkRow>(
    db,
    sql`SELECT w.id, w.user_id, u.name AS user_name, u.picture AS user_picture, w.custom_work_id, cw.name AS work_name,
               w.document_type, w.document_id, o.correlative_id,
               CASE WHEN os.id IS NOT NULL
                    THEN json_build_object('name', os.name, 'color', os.color, 'finish', os.finish, 'cancel', os.cancel)
               END AS order_status,
               ${instantText(sql`w.created_at`)} AS created_at, ${instantText(sql`w.started_at`)} AS started_at,
               ${instantText(sql`w.completed_at`)} AS completed_at
        FROM works w
        JOIN users u ON u.company_id = w.company_id AND u.id = w.user_id
        JOIN custom_works cw ON cw.company_id = w.company_id AND cw.id = w.custom_work_id
        LEFT JOIN orders o ON w.document_type = 'Order' AND o.company_id = w.company_id AND o.id = w.document_id
        LEFT JOIN statuses os ON os.company_id = o.company_id AND os.id = o.status_id
        WHERE w.company_id = ${companyId} AND ${where}
        ORDER BY ${opts.order ?? sql`w.created_at DESC, w.id DESC`}
        LIMIT ${opts.limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    user: { id: r.user_id, name: r.user_name, picture: r.user_picture },
    work: { id: r.custom_work_id, name: r.work_name },
    document_type: r.document_type,
    document_id: r.document_id,
    correlative_id: r.correlative_id,
    order_status: r.order_status,
    created_at: r.created_at,
    started_at: r.started_at,
    completed_at: r.completed_at,
  }));
}

/** One work of the company (within `where`), or null. */
export async function selectWork(db: Db, companyId: number, id: number, where: SQL = sql`true`): Promise<Work | null> {
  const [work] = await selectWorks(db, companyId, sql`w.id = ${id} AND ${where}`, { limit: 1 });
  return work ?? null;
}
