import { BUDGET_TEXTS, fileUrl, isFileId, MAX_BUDGET_PICTURES, idSchema as id } from "@taller/core";
import { queryRows, type DocumentPicture } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { lockEditableBudget } from "./editable";

export const addPicturesInput = z.object({
  budget_id: id,
  file_ids: z
    .array(z.string().refine(isFileId, BUDGET_TEXTS.pictureNotFound))
    .min(1, "Elige al menos una foto")
    .max(20, "Hasta 20 fotos a la vez")
    .refine((ids) => new Set(ids).size === ids.length, BUDGET_TEXTS.pictureNotFound),
});

/**
 * 'Agregar fotos' on the budget's page: images the caller uploaded (POST /files?purpose=budget_picture) join the
 * budget's pictures in the shape orders keep, so the zip page and the picture grid read them as they read an
 * order's. Only the caller's own uploads of this company, so nobody attaches a file id they saw elsewhere.
 */
export const addPictures = staffProcedure
  .use(can("update", "budget"))
  .input(addPicturesInput)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const budget = await lockEditableBudget(tx.db, ctx, input.budget_id);
      if (budget.picture_count + input.file_ids.length > MAX_BUDGET_PICTURES) {
        throw fieldError("BAD_REQUEST", "file_ids", BUDGET_TEXTS.tooManyPictures(MAX_BUDGET_PICTURES));
      }
      const found = await queryRows<{ id: string; name: string | null }>(
        tx.db,
        sql`SELECT id, name FROM files WHERE company_id = ${ctx.companyId} AND user_id = ${ctx.user.id} AND content_type LIKE 'image/%'
              AND id = ANY (${`{${input.file_ids.join(",")}}`}::text[])`,
      );
      if (found.length !== input.file_ids.length)
        throw fieldError("BAD_REQUEST", "file_ids", BUDGET_TEXTS.pictureNotFound);
      const names = new Map(found.map((f) => [f.id, f.name]));
      const added: DocumentPicture[] = input.file_ids.map((fileId) => {
        const name = names.get(fileId)?.replace(/\.[^.]*$/, "");
        return name ? { url: fileUrl(fileId), name } : { url: fileUrl(fileId) };
      });
      await tx.db.execute(
        sql`UPDATE budgets SET pictures = pictures || ${JSON.stringify(added)}::jsonb, updated_at = now()
            WHERE company_id = ${ctx.companyId} AND id = ${input.budget_id}`,
      );
      await tx.emit({ type: "budget.changed", companyId: ctx.companyId, payload: { ids: [input.budget_id] } });
      return { id: input.budget_id, added: added.length };
    }),
  );
