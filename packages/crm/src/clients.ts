import {
  CLIENT_PAGE_SIZES,
  CLIENT_MOBILE_PAGE_SIZE,
  CLIENT_RATINGS,
  CLIENT_SORTS,
  kpiPercent,
  SORT_DIRECTIONS,
  type Instant,
  listSearchSchema,
} from "@taller/core";
import { instantText, queryRows, searchCondition, searchTerm } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";

const PAGE_SIZES = [...CLIENT_PAGE_SIZES, CLIENT_MOBILE_PAGE_SIZE] as const;

const clientsInput = z.object({
  search: listSearchSchema,
  /** Ratings shown; absent: all. */
  rating: z.array(z.number().int().min(0).max(5)).max(6).nullish(),
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: "Tamaño de página no disponible" })
    .default(25),
  sort: z.enum(CLIENT_SORTS).default("correlative_id"),
  sort_direction: z.enum(SORT_DIRECTIONS).default("desc"),
});

export interface ClientRow {
  id: number;
  /** Clients are numbered by their id: it grows with each new client of every company. */
  correlative_id: number;
  rut: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  last_order_date: Instant | null;
  rating: number;
}

const ORDER_BY: Record<(typeof CLIENT_SORTS)[number], string> = {
  correlative_id: "cl.id",
  name: "cl.name",
  rating: "cl.rating",
};

/**
 * The clients table (seed 001 'Client list'): a page of `page_size` (10/25/50/100; 20 on mobile), sorted (default
 * correlative_id desc), searched, filtered by rating; with the rating counts (under the search, not the rating
 * filter) and their percentages.
 */
export const clients = staffProcedure
  .use(can("read", "client"))
  .input(clientsInput)
  .query(async ({ ctx, input }) => {
    // name, RUT (with or without dots), e-mail and phone, folded (clients.search_text, migration crm_scale):
    // contains from three characters, a word's start below, as every list.
    const term = searchTerm(input.search);
    const search = searchCondition(term, "cl.");
    const ratings = input.rating ? [...new Set(input.rating)].sort() : null;
    const byRating = ratings ? sql`cl.rating = ANY(${`{${ratings.join(",")}}`}::int[])` : sql`true`;
    const dir = input.sort_direction === "asc" ? "asc" : "desc";
    const orderBy = sql.raw(`${ORDER_BY[input.sort]} ${dir}${input.sort === "correlative_id" ? "" : `, cl.id ${dir}`}`);
    const [items, counts] = await Promise.all([
      queryRows<ClientRow>(
        ctx.db,
        sql`SELECT cl.id, cl.id AS correlative_id, cl.rut, cl.name, cl.email, cl.phone, cl.rating,
                   ${instantText(sql`lo.check_in_time`)} AS last_order_date
            FROM (SELECT * FROM clients cl WHERE cl.company_id = ${ctx.companyId} AND ${search} AND ${byRating}
                  ORDER BY ${orderBy} LIMIT ${input.page_size} OFFSET ${(input.page - 1) * input.page_size}) cl
            LEFT JOIN LATERAL (SELECT max(o.check_in_time) AS check_in_time FROM orders o
                               WHERE o.client_id = cl.id AND o.company_id = cl.company_id) lo ON true
            ORDER BY ${orderBy}`,
      ),
      // Without a search the counts are kept by triggers (client_rating_counts): no count of every client.
      queryRows<{ rating: number; count: number }>(
        ctx.db,
        term
          ? sql`SELECT cl.rating, count(*)::int AS count FROM clients cl
                WHERE cl.company_id = ${ctx.companyId} AND ${search} GROUP BY cl.rating`
          : sql`SELECT rating, count FROM client_rating_counts WHERE company_id = ${ctx.companyId}`,
      ),
    ]);
    const all = counts.reduce((n, c) => n + c.count, 0);
    const total = ratings ? counts.filter((c) => ratings.includes(c.rating)).reduce((n, c) => n + c.count, 0) : all;
    return {
      items,
      total,
      page: input.page,
      total_pages: Math.ceil(total / input.page_size),
      rating_counts: CLIENT_RATINGS.map((rating) => {
        const count = counts.find((c) => c.rating === rating)?.count ?? 0;
        return { rating, count, percent: kpiPercent(count, all) };
      }),
    };
  });
