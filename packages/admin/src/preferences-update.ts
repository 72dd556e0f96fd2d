import { updatePreferencesSchema } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { emitSetupChanged } from "./setup-changes";

/**
 * Saves the edited preferences over the stored document (keys the form does not edit, the logo or the booking
 * roles, stay). Everything that reads them reads the row per request: the add-on's frame-ancestors, the kiosk's
 * logout time, the agenda's mode; open shells refetch company.setup on the event.
 */
export const preferencesUpdate = staffProcedure
  .use(can("update", "manager"))
  .input(updatePreferencesSchema)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const { days_preferences, ...preferences } = input;
      const rows = await queryRows<{ id: number }>(
        tx.db,
        sql`UPDATE companies SET preferences = preferences || ${JSON.stringify(preferences)}::jsonb,
                   days_preferences = ${JSON.stringify(days_preferences)}::jsonb
            WHERE id = ${ctx.companyId} RETURNING id`,
      );
      if (rows.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "Empresa no encontrada" });
      await emitSetupChanged(tx, ctx.companyId, "preferences");
      return { ok: true as const };
    }),
  );
