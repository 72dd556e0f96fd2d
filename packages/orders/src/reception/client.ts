import { isValidRut, formatRut } from "@taller/core";
import { clients } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { z } from "zod";

/**
 * The client section's lookup: the company's client with this RUT (any spelling of a valid one), to fill its name,
 * phone and e-mail; null when there is none (the reception creates it) or the RUT is not valid (the field says so).
 */
export const client = staffProcedure
  .use(can("create", "check_in"))
  .input(z.object({ rut: z.string().trim().max(20) }))
  .query(async ({ ctx, input }) => {
    if (!isValidRut(input.rut)) return null;
    const [found] = await ctx.db
      .select({ id: clients.id, rut: clients.rut, name: clients.name, phone: clients.phone, email: clients.email })
      .from(clients)
      .where(and(eq(clients.companyId, ctx.companyId), eq(clients.rut, formatRut(input.rut))));
    return found ?? null;
  });
