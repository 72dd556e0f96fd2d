// CRM managements at scale (pnpm bench:crm): `count` managements of every kind and category for a company that
// seedScale filled, spread over five years, each about one of its vehicles and that vehicle's client.
import { sql } from "drizzle-orm";
import type { Db } from "../client";

/** Adds `count` managements to the company (the triggers number them and write their category and search text). */
export async function seedScaleCrm(db: Db, opts: { companyId: number; count: number }): Promise<void> {
  const c = opts.companyId;
  await db.execute(sql`
    WITH v AS (SELECT id, client_id, row_number() OVER (ORDER BY id) AS rn, count(*) OVER () AS total
               FROM vehicles WHERE company_id = ${c}),
         r AS (SELECT array_agg(id ORDER BY id) AS ids FROM requirements WHERE company_id = ${c}),
         l AS (SELECT array_agg(id ORDER BY id) AS ids FROM locations WHERE company_id = ${c}),
         s AS (SELECT array_agg(id ORDER BY position, id) FILTER (WHERE crm_category = 'initial') AS initial,
                      array_agg(id ORDER BY position, id) FILTER (WHERE crm_category = 'booked') AS booked,
                      array_agg(id ORDER BY position, id) FILTER (WHERE crm_category = 'completed') AS completed,
                      array_agg(id ORDER BY position, id) FILTER (WHERE crm_category = 'failed') AS failed
               FROM statuses WHERE company_id = ${c} AND type = 'Crm::Booking'),
         g AS (SELECT i, (ARRAY['retention', 'absence', 'booking'])[1 + i % 3] AS kind, random() AS p,
                      now() - random() * interval '5 years' AS created_at
               FROM generate_series(1, ${opts.count}) i)
    INSERT INTO crms (company_id, kind, status_id, on_hold, client_id, vehicle_id, requirement_id, from_requirement_id,
                      location_id, scheduled_for, estimated_amount, recovered_amount, created_at, last_contacted_at)
    SELECT ${c}, g.kind,
           CASE WHEN g.p < 0.4 THEN s.initial[1] WHEN g.p < 0.5 THEN s.initial[1] WHEN g.p < 0.65 THEN s.failed[1]
                WHEN g.p < 0.8 AND g.kind <> 'retention' THEN s.booked[1] ELSE s.completed[1] END,
           g.p >= 0.4 AND g.p < 0.5, v.client_id, v.id, r.ids[1 + g.i % cardinality(r.ids)],
           CASE WHEN g.kind = 'retention' THEN r.ids[1 + (g.i + 1) % cardinality(r.ids)] END,
           l.ids[1 + g.i % cardinality(l.ids)],
           CASE WHEN g.kind = 'retention' THEN (g.created_at + interval '6 months')::date END,
           (2 + g.i % 18) * 10000, CASE WHEN g.p >= 0.8 THEN (2 + g.i % 18) * 10000 ELSE 0 END,
           g.created_at, CASE WHEN g.p >= 0.4 THEN g.created_at + interval '1 day' END
    FROM g CROSS JOIN r CROSS JOIN l CROSS JOIN s
    JOIN v ON v.rn = 1 + g.i % (SELECT count(*) FROM vehicles WHERE company_id = ${c})`);
}
