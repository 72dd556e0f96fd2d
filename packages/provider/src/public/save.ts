import { providerSaveSchema } from "@taller/core";
import { tokenProcedure, withTransaction } from "@taller/trpc";
import { inventoryAction, readAction, readLines, type InventoryAction } from "../action";
import { limitWrites, tokenKind } from "./page";
import { applyForm, lockForWrite } from "./write";

/**
 * Autosave of the supplier's form ('Guardando cambios...' / 'Cambios guardados'). Refused (CONFLICT) once the
 * document's status is locked or it is finished and sent: the link no longer writes.
 */
export const save = tokenProcedure("access_token")
  .input(providerSaveSchema)
  .mutation(({ ctx, input }): Promise<InventoryAction> => {
    tokenKind(ctx.document);
    limitWrites(ctx.document);
    return withTransaction(ctx, async (tx) => {
      const row = await lockForWrite(tx, ctx.companyId, ctx.document.id, "save");
      const { token: _token, ...form } = input;
      await applyForm(tx, ctx.companyId, row, form);
      const saved = await readAction(tx.db, ctx.companyId, row.id);
      return inventoryAction(saved ?? row, await readLines(tx.db, ctx.companyId, row.id));
    });
  });
