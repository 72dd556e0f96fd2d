import { dayDateSchema, idSchema, ORDER_TEXTS, orderEditable } from "@taller/core";
import { orders, queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, userError, withTransaction } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { orderVersionInput } from "./life-inputs";
import { currentOrder, orderText } from "./write/move-order";
import { orderWriter } from "./writer";

export const orderUpdateInput = orderVersionInput.extend({
  // The technician who works on it; null leaves it unassigned.
  assignee_id: idSchema.nullable().optional(),
  // The promised date ('Entrega agendada').
  finish_date: dayDateSchema.nullable().optional(),
  kms: z.number().int().min(0, "Mínimo 0").max(9_999_999, "Máximo 9.999.999").nullable().optional(),
  comment: z.string().trim().max(2000, "Máximo 2000 caracteres").nullable().optional(),
});

/**
 * Edits what reception wrote (assignee, promised date, kilometres, comment) until the order is finished. Only the
 * fields sent change; the write holds only at the version the user saw, as every write of the order's life.
 */
export const update = staffProcedure
  .use(can("update", "check_in"))
  .input(orderUpdateInput)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const by = orderWriter(ctx);
      const order = await currentOrder(tx, by, input.id, input.version);
      if (!orderEditable(order)) throw userError("CONFLICT", await orderText(tx, ctx.companyId, ORDER_TEXTS.finished));
      if (input.assignee_id != null) {
        const [user] = await queryRows<{ id: number }>(
          tx.db,
          sql`SELECT id FROM users WHERE company_id = ${ctx.companyId} AND id = ${input.assignee_id}`,
        );
        if (!user) throw fieldError("BAD_REQUEST", "assignee_id", ORDER_TEXTS.assigneeUnavailable);
      }
      const [row] = await tx.db
        .update(orders)
        .set({
          assigneeId: input.assignee_id,
          finishDate: input.finish_date,
          kms: input.kms,
          comment: input.comment === undefined ? undefined : input.comment || null,
          version: sql`${orders.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(orders.companyId, ctx.companyId), eq(orders.id, input.id), eq(orders.version, input.version)))
        .returning({ version: orders.version });
      if (!row) throw userError("CONFLICT", await orderText(tx, ctx.companyId, ORDER_TEXTS.stale));
      await tx.emit({ type: "order.changed", companyId: ctx.companyId, payload: { ids: [input.id] } });
      return { id: input.id, version: row.version };
    }),
  );
