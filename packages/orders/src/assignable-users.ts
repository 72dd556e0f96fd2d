import { idSchema } from "@taller/core";
import { queryRows, termNotFound } from "@taller/db";
import { can, ownedDocument, staffProcedure, TRPCError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { orderWriter } from "./writer";

export const assignableUsersInput = z.object({ id: idSchema });

export interface AssignableUser {
  id: number;
  name: string;
  picture: string | null;
}

/** Far more people than a company has; the answer stays bounded whatever the table holds. */
const MAX_ASSIGNABLE = 500;

/**
 * Whom the order page's 'Técnico' may name: the company's active users, and the current assignee even if deactivated
 * (so the picker can show who it is). Read with the order's own grant (update check_in), not the agenda's, so whoever
 * may assign needs no booking grant; an order the caller may not update (another company's, or not his under an
 * own-records grant) is NOT_FOUND. Users are not tied to locations today (every user works at every location of
 * the company, as listScope says), so the order's location narrows nobody yet.
 */
export const assignableUsers = staffProcedure
  .use(can("update", "check_in"))
  .input(assignableUsersInput)
  .query(async ({ ctx, input }): Promise<AssignableUser[]> => {
    const { ownerId } = orderWriter(ctx);
    const [order] = await queryRows<{ assignee_id: number | null }>(
      ctx.db,
      sql`SELECT o.assignee_id FROM orders o
          WHERE o.company_id = ${ctx.companyId} AND o.id = ${input.id} AND ${ownedDocument("Order", ownerId)}`,
    );
    if (!order) throw new TRPCError({ code: "NOT_FOUND", message: await termNotFound(ctx.db, ctx.companyId, "order") });
    return queryRows<AssignableUser>(
      ctx.db,
      sql`SELECT u.id, u.name, u.picture FROM users u
          WHERE u.company_id = ${ctx.companyId} AND (u.deactivated_at IS NULL OR u.id = ${order.assignee_id})
          ORDER BY u.name, u.id LIMIT ${MAX_ASSIGNABLE}`,
    );
  });
