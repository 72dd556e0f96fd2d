import { queryRows } from "@taller/db";
import { fieldError, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { documentRequirement, requiredFor } from "./document";
import { documentInput, id } from "./inputs";
import { selectWork } from "./rows";

export const requestInput = documentInput.extend({
  work_id: id,
  skip_notifications: z.boolean().default(false),
  /** Who does it; absent: the caller. Assigning someone else needs create on 'work'. */
  user_id: id.optional(),
});

/**
 * Requests a required work for a document (seed 002 section 7.1): a work instance for a user. A repeated request
 * (double click, retry) while that user's same work is open answers the open one, once: the partial unique index
 * `works_open_unique_idx` holds it. The assignee hears 'new-work' (`work.assigned`) and, unless skip_notifications
 * or they asked themselves, a push.
 */
export const request = staffProcedure.input(requestInput).mutation(async ({ ctx, input }) => {
  const userId = input.user_id ?? ctx.user.id;
  if (userId !== ctx.user.id && !ctx.can("create", "work")) {
    throw new TRPCError({ code: "FORBIDDEN", message: "No tienes acceso a esta información." });
  }
  return withTransaction(ctx, async (tx) => {
    const requirementId = await documentRequirement(tx.db, ctx, input.document_type, input.document_id);
    const [work] = await queryRows<{ id: number; name: string }>(
      tx.db,
      sql`SELECT cw.id, cw.name FROM custom_works cw
          WHERE cw.company_id = ${ctx.companyId} AND cw.id = ${input.work_id} AND ${requiredFor(requirementId)}`,
    );
    if (!work) throw fieldError("NOT_FOUND", "work_id", "Trabajo no encontrado");
    // The assignee must be a user of the company (the composite FK would say so too, as a less helpful error).
    const [assignee] = await queryRows<{ id: number }>(
      tx.db,
      sql`SELECT id FROM users WHERE company_id = ${ctx.companyId} AND id = ${userId}`,
    );
    if (!assignee) throw fieldError("NOT_FOUND", "user_id", "Usuario no encontrado");

    const [inserted] = await queryRows<{ id: number }>(
      tx.db,
      sql`INSERT INTO works (company_id, custom_work_id, user_id, requested_by, document_type, document_id)
          VALUES (${ctx.companyId}, ${work.id}, ${userId}, ${ctx.user.id}, ${input.document_type}, ${input.document_id})
          ON CONFLICT (company_id, document_type, document_id, custom_work_id, user_id) WHERE completed_at IS NULL DO NOTHING
          RETURNING id`,
    );
    const workId =
      inserted?.id ??
      (
        await queryRows<{ id: number }>(
          tx.db,
          sql`SELECT id FROM works WHERE company_id = ${ctx.companyId} AND document_type = ${input.document_type}
                AND document_id = ${input.document_id} AND custom_work_id = ${work.id} AND user_id = ${userId} AND completed_at IS NULL`,
        )
      )[0]?.id;
    if (workId === undefined)
      throw new TRPCError({ code: "CONFLICT", message: "El trabajo cambió, intenta nuevamente" });

    if (inserted) {
      const ids = [inserted.id];
      await tx.emit({
        type: "work.changed",
        companyId: ctx.companyId,
        payload: { ids, documentType: input.document_type, documentId: input.document_id },
      });
      await tx.emit({ type: "work.assigned", companyId: ctx.companyId, payload: { userId, ids } });
      if (!input.skip_notifications && userId !== ctx.user.id) {
        await tx.emit({
          type: "push.requested",
          companyId: ctx.companyId,
          payload: {
            userIds: [userId],
            title: "Nuevo trabajo",
            body: work.name,
            url: `/main/work/${inserted.id}`,
            tag: `work-${inserted.id}`,
          },
        });
      }
    }
    const answer = await selectWork(tx.db, ctx.companyId, workId);
    if (!answer) throw new TRPCError({ code: "NOT_FOUND", message: "Trabajo no encontrado" });
    return answer;
  });
});
