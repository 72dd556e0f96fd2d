import { CRM_TEXTS, isValidRut } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { CLIENT_COLUMNS, clientIdSchema, type ClientData } from "./client-detail";

const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** Edits a client's data from the client page (update client). An empty optional field is stored as empty (null). */
export const updateClient = staffProcedure
  .use(can("update", "client"))
  .input(
    clientIdSchema.extend({
      name: z.string().trim().min(1).max(200),
      rut: optionalText(20),
      email: z
        .string()
        .trim()
        .max(200)
        .pipe(z.union([z.literal(""), z.email()]))
        .nullish(),
      phone: optionalText(40),
      address: optionalText(300),
      city: optionalText(100),
      rating: z.number().int().min(0).max(5).optional(),
    }),
  )
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      if (input.rut && !isValidRut(input.rut)) throw fieldError("BAD_REQUEST", "rut", "RUT inválido");
      const [client] = await queryRows<ClientData>(
        tx.db,
        sql`UPDATE clients cl SET name = ${input.name}, rut = ${input.rut || null}, email = ${input.email || null},
                   phone = ${input.phone || null}, address = ${input.address || null}, city = ${input.city || null},
                   rating = coalesce(${input.rating ?? null}::smallint, cl.rating), updated_at = now()
            WHERE cl.company_id = ${ctx.companyId} AND cl.id = ${input.id}
            RETURNING ${CLIENT_COLUMNS}`,
      );
      if (!client) throw new TRPCError({ code: "NOT_FOUND", message: CRM_TEXTS.clientNotFound });
      await tx.emit({ type: "client.changed", companyId: ctx.companyId, payload: { ids: [client.id] } });
      return client;
    }),
  );
