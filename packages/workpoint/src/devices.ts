// Shared-screen devices allowed to run the kiosk (seed 000 section 2.9): an administrator registers one and gets its
// link once (only the token's SHA-256 is stored), lists them and revokes them. A revoked device's next call fails:
// kioskProcedure checks the token on every request.
import { randomBytes } from "node:crypto";
import { queryRows, workpointTokens } from "@taller/db";
import { can, emitSessionsEnded, sha256, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { id } from "./inputs";

/** Devices a company may register; far more screens than a workshop has. */
export const MAX_DEVICES = 50;

interface Device {
  id: number;
  name: string;
  created_at: string;
}

export const list = staffProcedure.use(can("read", "manager")).query(({ ctx }) =>
  queryRows<Device>(
    ctx.db,
    sql`SELECT id, name, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
        FROM workpoint_tokens WHERE company_id = ${ctx.companyId} ORDER BY id LIMIT ${MAX_DEVICES}`,
  ),
);

export const registerInput = z.object({ name: z.string().trim().min(1, "Ingresa un nombre").max(60) });

/** Registers a device; the answer's `path` (with the token) is shown once: the token is not kept in clear. */
export const register = staffProcedure
  .use(can("create", "manager"))
  .input(registerInput)
  .mutation(async ({ ctx, input }) => {
    const token = randomBytes(32).toString("base64url");
    // Registrations of one company take turns (a lock held to commit), so a burst cannot pass the cap between the
    // count and the insert.
    const row = await withTransaction(ctx, async (tx) => {
      await tx.db.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`workpoint-devices:${ctx.companyId}`}, 0))`,
      );
      const [inserted] = await queryRows<{ id: number }>(
        tx.db,
        sql`INSERT INTO workpoint_tokens (company_id, name, token_hash)
            SELECT ${ctx.companyId}, ${input.name}, ${sha256(token)}
            WHERE (SELECT count(*) FROM workpoint_tokens WHERE company_id = ${ctx.companyId}) < ${MAX_DEVICES}
            RETURNING id`,
      );
      return inserted;
    });
    if (!row)
      throw new TRPCError({
        code: "BAD_REQUEST",
        message: `No se pueden registrar más de ${MAX_DEVICES} puntos de trabajo`,
      });
    return { id: row.id, name: input.name, path: `/workpoint/login?token=${token}` };
  });

/**
 * Forgets the device and ends the kiosk sessions opened on it: every process drops them through `session.ended`
 * and closes their sockets, and the kiosk's next call finds neither its token nor its session.
 */
export const revoke = staffProcedure
  .use(can("destroy", "manager"))
  .input(z.object({ id }))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const ended = await queryRows<{ id: string }>(
        tx.db,
        sql`DELETE FROM sessions s USING user_devices d
            WHERE d.company_id = ${ctx.companyId} AND d.workpoint_token_id = ${input.id} AND s.id = d.session_id RETURNING s.id`,
      );
      const gone = await tx.db
        .delete(workpointTokens)
        .where(and(eq(workpointTokens.companyId, ctx.companyId), eq(workpointTokens.id, input.id)))
        .returning({ id: workpointTokens.id });
      if (gone.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "Punto de trabajo no encontrado" });
      await emitSessionsEnded(
        tx,
        ended.map((s) => s.id),
      );
      return { id: input.id };
    }),
  );
