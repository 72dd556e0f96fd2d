import { bookingTimeSchema, dayDateSchema, idSchema } from "@taller/core";
import { queryRows, users } from "@taller/db";
import { can, fieldError, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";

export const toggleBlockInputSchema = z.object({
  date: dayDateSchema,
  // Absent or null: the whole day.
  hour: bookingTimeSchema.nullish(),
  // A professional, or 'all' (absent means 'all').
  user_id: z.union([idSchema, z.literal("all")]).optional(),
  // The state wanted (true: blocked). Absent: the opposite of the current one. A screen that sends what it shows
  // gets the same answer however often the call is repeated (a retry, a double click).
  active: z.boolean().optional(),
});

export interface BookingBlock {
  id: number;
  date: string;
  hour: string | null;
  user_id: number | "all";
  active: boolean;
}

export const BLOCK_ERRORS = {
  pastDate: "No se puede bloquear un día pasado",
  professionalNotFound: "Profesional no encontrado",
  notOwn: "Solo puedes bloquear tus propias horas",
} as const;

/**
 * Blocks or unblocks a day, an hour or a professional's hour (seed 001 'Blocking'), today or later in
 * America/Santiago. One row per target (the unique key booking_blocks_target_key, NULLS NOT DISTINCT): the first
 * toggle inserts it blocked, later ones flip (or set) `active` in the same statement, so concurrent toggles never
 * make two rows nor lose one another (each waits for the row lock of the one before). The answer is the new state.
 */
export const toggleBlock = staffProcedure
  .use(can("create", "booking_block"))
  .input(toggleBlockInputSchema)
  .mutation(async ({ ctx, input }): Promise<BookingBlock> => {
    const userId = input.user_id === undefined || input.user_id === "all" ? null : input.user_id;
    // "Own records only" on blocks: a professional locks his own hours, not the workshop's.
    if (ctx.ownOnly("create", "booking_block") && userId !== ctx.user.id)
      throw new TRPCError({ code: "FORBIDDEN", message: BLOCK_ERRORS.notOwn });
    if (userId !== null) {
      const [user] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, ctx.companyId), eq(users.id, userId)));
      if (!user) throw new TRPCError({ code: "NOT_FOUND", message: BLOCK_ERRORS.professionalNotFound });
    }
    const hour = input.hour ?? null;
    const next = input.active === undefined ? sql`NOT booking_blocks.active` : sql`${input.active}`;
    return withTransaction(ctx, async (tx) => {
      // The day is checked by the database's clock in the statement that writes, so no client clock decides it.
      const [row] = await queryRows<{
        id: number;
        date: string;
        hour: string | null;
        user_id: number | null;
        active: boolean;
      }>(
        tx.db,
        sql`INSERT INTO booking_blocks AS booking_blocks (company_id, date, hour, user_id, active, created_by)
            SELECT ${ctx.companyId}, ${input.date}::date, ${hour}::time, ${userId}::int, ${input.active ?? true}, ${ctx.user.id}
            WHERE ${input.date}::date >= (now() AT TIME ZONE 'America/Santiago')::date
            ON CONFLICT ON CONSTRAINT booking_blocks_target_key
            DO UPDATE SET active = ${next}, updated_at = now()
            RETURNING id, date::text AS date, to_char(hour, 'HH24:MI') AS hour, user_id, active`,
      );
      if (!row) throw fieldError("BAD_REQUEST", "date", BLOCK_ERRORS.pastDate);
      await tx.emit({ type: "booking.blocks_changed", companyId: ctx.companyId, payload: { ids: [row.id] } });
      return { ...row, user_id: row.user_id ?? "all" };
    });
  });
