import { containsPattern, queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { idSchema } from "@taller/core";

/** Most options one lookup answers: a picker shows a short list and narrows as the user types. */
export const OPTIONS_LIMIT = 20;

export const clientOptionsInputSchema = z.object({
  query: z.string().trim().max(100, "Máximo 100 caracteres").default(""),
  // The client already chosen (a prefilled form), answered even when the query does not match it.
  id: idSchema.nullish(),
});

export interface ClientOption {
  id: number;
  name: string;
  rut: string | null;
}

/**
 * The booking form's client picker: the company's clients whose name or RUT contains the query (RUT typed with or
 * without dots), at most OPTIONS_LIMIT. Gated like the form it serves (create on booking). Clients carry no search
 * column yet, so this folds the name per row: fine for a picker's short answer, not for a list.
 */
export const clientOptions = staffProcedure
  .use(can("create", "booking"))
  .input(clientOptionsInputSchema)
  .query(async ({ ctx, input }): Promise<ClientOption[]> => {
    const pattern = containsPattern(input.query);
    const matches = pattern
      ? sql`search_fold(c.name || ' ' || coalesce(translate(c.rut, '.-', ''), '')) LIKE ${pattern}`
      : sql`true`;
    const chosen = input.id ?? 0;
    return queryRows<ClientOption>(
      ctx.db,
      sql`SELECT c.id, c.name, c.rut FROM clients c
          WHERE c.company_id = ${ctx.companyId} AND (${matches} OR c.id = ${chosen})
          ORDER BY (c.id = ${chosen}) DESC, c.name, c.id
          LIMIT ${OPTIONS_LIMIT}`,
    );
  });
