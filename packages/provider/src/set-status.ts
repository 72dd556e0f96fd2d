import { PROVIDER_STAFF_STATUSES, PROVIDER_STATUSES, idSchema } from "@taller/core";
import { can, fieldError, staffProcedure, userError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { announce, inventoryAction, lockActionFor, readAction, readLines, type InventoryAction } from "./action";

/**
 * The workshop closes a pricing (accepted, rejected) or cancels either kind. Every such status is locked: the
 * supplier's link stops writing.
 */
export const setStatus = staffProcedure
  .use(can("update", "inventory_action"))
  .input(z.object({ id: idSchema, status: z.enum(["accepted", "rejected", "cancelled"]) }))
  .mutation(({ ctx, input }): Promise<InventoryAction> =>
    withTransaction(ctx, async (tx) => {
      const row = await lockActionFor(tx.db, ctx, input.id, "update");
      if (!PROVIDER_STAFF_STATUSES[row.kind].includes(input.status))
        throw fieldError("BAD_REQUEST", "status", "Estado no permitido");
      if (PROVIDER_STATUSES[row.status].finish) throw userError("CONFLICT", "El documento ya está finalizado");
      await tx.db.execute(
        sql`UPDATE provider_actions SET status = ${input.status}, updated_at = now() WHERE company_id = ${ctx.companyId} AND id = ${row.id}`,
      );
      await announce(tx, ctx.companyId, [row.id]);
      const saved = (await readAction(tx.db, ctx.companyId, row.id)) ?? row;
      return inventoryAction(saved, await readLines(tx.db, ctx.companyId, row.id));
    }),
  );
