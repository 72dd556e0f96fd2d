import { staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { workScope } from "./access";
import { id, workDocumentTypeSchema } from "./inputs";
import { selectWorks } from "./rows";

export const listInput = z
  .object({
    /** A document's works (the chat's works strip); absent: works of any document. */
    document_type: workDocumentTypeSchema.optional(),
    document_id: id.optional(),
    /** One user's works (/main/work: the caller's); absent: every work the caller may read. */
    user_id: id.optional(),
    /** 'open': not completed. */
    state: z.enum(["open", "all"]).default("all"),
    /** The last work of the previous page (latest first: created_at, id). */
    cursor: z.object({ created_at: z.iso.datetime({ offset: true }), id }).nullish(),
    limit: z.number().int().min(1).max(100).default(50),
  })
  .refine((i) => (i.document_type === undefined) === (i.document_id === undefined), {
    message: "Indica el tipo y el número del documento",
    path: ["document_id"],
  });

/** Works the caller may read, latest first, paged by (created_at, id) so new works neither skip nor repeat rows. */
export const list = staffProcedure.input(listInput).query(async ({ ctx, input }) => {
  const where = [workScope(ctx, "read")];
  if (input.document_type && input.document_id) {
    where.push(sql`w.document_type = ${input.document_type} AND w.document_id = ${input.document_id}`);
  }
  if (input.user_id) where.push(sql`w.user_id = ${input.user_id}`);
  if (input.state === "open") where.push(sql`w.completed_at IS NULL`);
  if (input.cursor)
    where.push(sql`(w.created_at, w.id) < (${input.cursor.created_at}::timestamptz, ${input.cursor.id})`);
  const rows = await selectWorks(ctx.db, ctx.companyId, sql.join(where, sql` AND `), { limit: input.limit + 1 });
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return { items, next: rows.length > input.limit && last ? { created_at: last.created_at, id: last.id } : null };
});
