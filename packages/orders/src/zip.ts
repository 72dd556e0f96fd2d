import { zipEntries, zipFileName, type StoredPicture } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure, TRPCError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";

/**
 * What the zip page (zip/order/{id}) puts in an order's archive: its file name and one entry per picture, videos
 * left out. The page fetches each entry itself (/files/<id> needs no session), one at a time. Read check_in, with
 * "own records only" as orders.get has it: another company's order, or one the user may not see, is NOT_FOUND.
 */
export const zip = staffProcedure
  .use(can("read", "check_in"))
  .input(z.object({ id: z.number().int().min(1).max(2_147_483_647) }))
  .query(async ({ ctx, input }) => {
    const ownerId = ctx.ownOnly("read", "check_in") ? ctx.user.id : null;
    const [row] = await queryRows<{ correlative_id: number; company: string; pictures: StoredPicture[] }>(
      ctx.db,
      sql`SELECT o.correlative_id, c.name AS company, o.pictures
          FROM orders o JOIN companies c ON c.id = o.company_id
          WHERE o.id = ${input.id} AND o.company_id = ${ctx.companyId}
            AND (${ownerId}::int IS NULL OR o.user_id = ${ownerId} OR o.assignee_id = ${ownerId})`,
    );
    if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Orden no encontrada" });
    return { file_name: zipFileName("order", row.company, row.correlative_id), entries: zipEntries(row.pictures) };
  });
