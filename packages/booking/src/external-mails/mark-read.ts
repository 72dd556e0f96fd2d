import { intArray, queryRows } from "@taller/db";
import { can, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { EXTERNAL_MAILS_MAX, readExternalMails, type ExternalMail } from "./list";
import { EXTERNAL_MAIL_NOT_FOUND } from "./remove";
import { idSchema } from "@taller/core";

export const markReadSchema = z.object({
  ids: z
    .array(idSchema)
    .min(1)
    .max(EXTERNAL_MAILS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, "Correos repetidos"),
});

/**
 * Opening 'Agendamientos por correo' marks the mails it lists as read, in one statement, and answers the list.
 * Idempotent: mails already read stay read and announce nothing; only a change publishes
 * `booking.external_mails_changed`. An id the company does not have (another company's, removed meanwhile) is
 * NOT_FOUND and marks nothing; under "own records only" no mail is the user's, as in the list.
 */
export const markRead = staffProcedure
  .use(can("read", "booking"))
  .input(markReadSchema)
  .mutation(({ ctx, input }): Promise<ExternalMail[]> =>
    withTransaction(ctx, async (tx) => {
      if (ctx.ownOnly("read", "booking")) throw new TRPCError({ code: "NOT_FOUND", message: EXTERNAL_MAIL_NOT_FOUND });
      const [result] = await queryRows<{ found: number; marked: number[] }>(
        tx.db,
        sql`WITH found AS (
              SELECT id, readed FROM external_mails WHERE company_id = ${ctx.companyId} AND id = ANY(${intArray(input.ids)}) FOR UPDATE
            ), marked AS (
              UPDATE external_mails e SET readed = true FROM found
              WHERE e.company_id = ${ctx.companyId} AND e.id = found.id AND NOT found.readed
              RETURNING e.id
            )
            SELECT (SELECT count(*)::int FROM found) AS found, coalesce((SELECT array_agg(id ORDER BY id) FROM marked), '{}') AS marked`,
      );
      // A missing id rolls back whatever was marked: the dialog listed mails of this company only.
      if (!result || result.found !== input.ids.length)
        throw new TRPCError({ code: "NOT_FOUND", message: EXTERNAL_MAIL_NOT_FOUND });
      // Events carry at most 100 ids each.
      for (let i = 0; i < result.marked.length; i += 100) {
        await tx.emit({
          type: "booking.external_mails_changed",
          companyId: ctx.companyId,
          payload: { ids: result.marked.slice(i, i + 100) },
        });
      }
      return readExternalMails(tx.db, ctx.companyId);
    }),
  );
