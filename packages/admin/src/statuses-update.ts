import { ADMIN_SETUP_TEXTS, type StatusType, updateStatusSchema } from "@taller/core";
import { queryRows, termText } from "@taller/db";
import { can, fieldError, staffProcedure, TRPCError, withTransaction, uniqueOnField } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { emitSetupChanged } from "./setup-changes";

/**
 * Renames, recolours or flags a status as finished (a finished status leaves the lists' default filters), or as the
 * company's cancel status: a finished order status, one or none per company (the database's unique index and check
 * hold it; marking another one moves the flag in this transaction); a budget status as an approval one (a finished
 * budget status, as the database's check says).
 */
export const statusesUpdate = staffProcedure
  .use(can("update", "manager"))
  .input(updateStatusSchema)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      // Marking the cancel status locks every order status of the company, in one order: two admins marking two
      // statuses at once take turns, and the later one moves the flag instead of tripping on the unique index.
      const locked = await queryRows<{
        id: number;
        type: StatusType;
        finish: boolean;
        cancel: boolean;
        approve: boolean;
      }>(
        tx.db,
        sql`SELECT id, type, finish, cancel, approve FROM statuses
            WHERE company_id = ${ctx.companyId} AND (id = ${input.id} OR (${input.cancel === true} AND type = 'Order'))
            ORDER BY id FOR UPDATE`,
      );
      const current = locked.find((s) => s.id === input.id);
      if (!current) throw new TRPCError({ code: "NOT_FOUND", message: ADMIN_SETUP_TEXTS.statusNotFound });
      const cancel = input.cancel ?? current.cancel;
      if (cancel && current.type !== "Order")
        throw fieldError(
          "BAD_REQUEST",
          "cancel",
          await termText(tx.db, ctx.companyId, "order", ADMIN_SETUP_TEXTS.cancelNotOrder),
        );
      if (cancel && !(input.finish ?? current.finish)) {
        throw fieldError("BAD_REQUEST", "finish", ADMIN_SETUP_TEXTS.cancelNotFinished);
      }
      const approve = input.approve ?? current.approve;
      if (approve && current.type !== "Budget")
        throw fieldError("BAD_REQUEST", "approve", ADMIN_SETUP_TEXTS.approveNotBudget);
      if (approve && !(input.finish ?? current.finish)) {
        throw fieldError("BAD_REQUEST", "finish", ADMIN_SETUP_TEXTS.approveNotFinished);
      }
      if (input.cancel && !current.cancel) {
        // Cleared first: the unique index is checked row by row, so one statement could trip on the old flag.
        await queryRows(
          tx.db,
          sql`UPDATE statuses SET cancel = false WHERE company_id = ${ctx.companyId} AND cancel AND id <> ${input.id}`,
        );
      }
      await uniqueOnField(
        queryRows<{ id: number }>(
          tx.db,
          sql`UPDATE statuses SET name = coalesce(${input.name ?? null}, name), color = coalesce(${input.color ?? null}, color),
                     finish = coalesce(${input.finish ?? null}::boolean, finish), cancel = ${cancel},
                     approve = ${approve}
              WHERE company_id = ${ctx.companyId} AND id = ${input.id} RETURNING id`,
        ),
        "name",
        ADMIN_SETUP_TEXTS.statusTaken,
      );
      await emitSetupChanged(tx, ctx.companyId, "statuses");
      return { id: input.id };
    }),
  );
