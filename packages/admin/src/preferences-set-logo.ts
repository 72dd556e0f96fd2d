import { setLogoSchema } from "@taller/core";
import { ownPictureUrl, queryRows } from "@taller/db";
import { can, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { emitSetupChanged } from "./setup-changes";

/**
 * Sets or removes the company's logo (the side menu's and the public booking page's). Only a picture this
 * administrator uploaded to this company's store is taken; open shells refetch their setup on the event.
 */
export const preferencesSetLogo = staffProcedure
  .use(can("update", "manager"))
  .input(setLogoSchema)
  .mutation(async ({ ctx, input }) => {
    const logo =
      input.logo === null
        ? null
        : await ownPictureUrl(ctx.db, { companyId: ctx.companyId, userId: ctx.user.id }, input.logo);
    if (input.logo !== null && !logo) throw new TRPCError({ code: "NOT_FOUND", message: "Imagen no encontrada" });
    return withTransaction(ctx, async (tx) => {
      await queryRows(
        tx.db,
        sql`UPDATE companies SET preferences = jsonb_set(preferences, '{logo}', ${JSON.stringify(logo)}::jsonb) WHERE id = ${ctx.companyId}`,
      );
      await emitSetupChanged(tx, ctx.companyId, "preferences");
      return { logo };
    });
  });
