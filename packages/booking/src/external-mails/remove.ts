import { externalMails } from "@taller/db";
import { can, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { readExternalMails, type ExternalMail } from "./list";
import { idSchema } from "@taller/core";

export const EXTERNAL_MAIL_NOT_FOUND = "Correo no encontrado";

/**
 * Removes one e-mail booking and answers the remaining list (the dialog closes when it is empty). Removing one
 * that is already gone (another tab, a retry) is NOT_FOUND, as another company's id is.
 */
export const remove = staffProcedure
  .use(can("destroy", "booking"))
  .input(z.object({ id: idSchema }))
  .mutation(({ ctx, input }): Promise<ExternalMail[]> =>
    withTransaction(ctx, async (tx) => {
      // As the list: under "own records only" no mail is the user's.
      if (ctx.ownOnly("destroy", "booking"))
        throw new TRPCError({ code: "NOT_FOUND", message: EXTERNAL_MAIL_NOT_FOUND });
      const [gone] = await tx.db
        .delete(externalMails)
        .where(and(eq(externalMails.companyId, ctx.companyId), eq(externalMails.id, input.id)))
        .returning({ id: externalMails.id });
      if (!gone) throw new TRPCError({ code: "NOT_FOUND", message: EXTERNAL_MAIL_NOT_FOUND });
      await tx.emit({ type: "booking.external_mails_changed", companyId: ctx.companyId, payload: { ids: [gone.id] } });
      return readExternalMails(tx.db, ctx.companyId);
    }),
  );
