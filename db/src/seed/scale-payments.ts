// Payment requests at scale (pnpm bench:payments): `count` requests for a company that seedScale filled, one per
// order from the newest back, a third of them paid. The total is written directly here (the demo and the app write
// lines, whose trigger sums it); the triggers still number them, fold their search text and count them.
import { sql } from "drizzle-orm";
import type { Db } from "../client";

export async function seedScalePayments(db: Db, opts: { companyId: number; count: number }): Promise<void> {
  const c = opts.companyId;
  await db.execute(sql`
    INSERT INTO payment_requests (company_id, correlative_id, order_id, requirement_id, client_id, vehicle_id, requirement_name,
                                  client_name, vehicle_identifier, status, total, provider, preference_id, checkout_url,
                                  payment_id, payment_status, paid_at, total_paid, installments, installment_amount, created_at)
    SELECT o.company_id, row_number() OVER (ORDER BY o.id), o.id, o.requirement_id, o.client_id, o.vehicle_id, r.name, cl.name, v.identifier,
           CASE WHEN o.id % 3 = 0 THEN 2 ELSE 1 END, greatest(o.total, 1000), 'local', 'LOCAL-scale-' || o.id, '/payments/checkout/LOCAL-scale-' || o.id,
           CASE WHEN o.id % 3 = 0 OR o.id % 7 = 0 THEN 'S' || o.id END,
           CASE WHEN o.id % 3 = 0 THEN 'approved' WHEN o.id % 7 = 0 THEN 'rejected' END,
           CASE WHEN o.id % 3 = 0 THEN o.check_in_time + interval '1 day' END,
           CASE WHEN o.id % 3 = 0 THEN greatest(o.total, 1000) END,
           CASE WHEN o.id % 3 = 0 THEN 1 END, CASE WHEN o.id % 3 = 0 THEN greatest(o.total, 1000) END,
           o.check_in_time
    FROM (SELECT * FROM orders WHERE company_id = ${c} ORDER BY id DESC LIMIT ${opts.count}) o
    LEFT JOIN requirements r ON r.company_id = o.company_id AND r.id = o.requirement_id
    LEFT JOIN clients cl ON cl.company_id = o.company_id AND cl.id = o.client_id
    LEFT JOIN vehicles v ON v.company_id = o.company_id AND v.id = o.vehicle_id`);
}
