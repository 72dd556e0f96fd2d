// The zip page's sources (zip/{model}/{id}, seed 000 sections 2.10 and 9): an order's or a budget's archive name
// and its entries, videos left out. The page fetches each entry itself (/files/<id> needs no session), one at a time.
import { randomBytes } from "node:crypto";
import {
  companyPreferencesSchema,
  companyTerms,
  zipEntries,
  zipFileName,
  type StoredPicture,
  type ZipEntry,
  type ZipModel,
  idSchema as id,
} from "@taller/core";
import { type Db, documentTokens, queryRows, termNotFound } from "@taller/db";
import { can, ownedDocument, RateLimiter, sha256, staffProcedure, tokenProcedure, TRPCError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";

async function zipSource(db: Db, model: ZipModel, companyId: number, documentId: number, ownerId: number | null) {
  const [row] = await queryRows<{
    correlative_id: number;
    company: string;
    preferences: unknown;
    pictures: StoredPicture[];
  }>(
    db,
    model === "order"
      ? sql`SELECT o.correlative_id, c.name AS company, c.preferences, o.pictures
            FROM orders o JOIN companies c ON c.id = o.company_id
            WHERE o.id = ${documentId} AND o.company_id = ${companyId}
              AND ${ownedDocument("Order", ownerId)}`
      : sql`SELECT b.correlative_id, c.name AS company, c.preferences, b.pictures
            FROM budgets b JOIN companies c ON c.id = b.company_id
            WHERE b.id = ${documentId} AND b.company_id = ${companyId}`,
  );
  if (!row)
    throw new TRPCError({
      code: "NOT_FOUND",
      message: model === "order" ? await termNotFound(db, companyId, "order") : "Presupuesto no encontrado",
    });
  return {
    file_name: zipFileName(
      model,
      row.company,
      row.correlative_id,
      companyTerms(companyPreferencesSchema.parse(row.preferences ?? {}).terms).order,
    ),
    entries: zipEntries(row.pictures) satisfies ZipEntry[],
  };
}

/**
 * An order's archive: read check_in, with "own records only" as orders.get has it (another company's order, or one
 * the user may not see, is NOT_FOUND).
 */
export const zip = staffProcedure
  .use(can("read", "check_in"))
  .input(z.object({ id }))
  .query(({ ctx, input }) =>
    zipSource(ctx.db, "order", ctx.companyId, input.id, ctx.ownOnly("read", "check_in") ? ctx.user.id : null),
  );

/**
 * A budget's archive, by its link's zip_token: the token opens the one budget it was issued for, nothing else (the
 * id in the URL must be that budget's; an order or another budget is NOT_FOUND).
 */
export const budgetZip = tokenProcedure("zip_token")
  .input(z.object({ token: z.string(), id }))
  .query(({ ctx, input }) => {
    if (ctx.document.type !== "Budget" || ctx.document.id !== input.id) {
      throw new TRPCError({ code: "NOT_FOUND", message: "Presupuesto no encontrado" });
    }
    return zipSource(ctx.db, "budget", ctx.companyId, input.id, null);
  });

/** A budget zip link lasts a day: long enough to forward, short enough that a leaked one goes stale. */
export const ZIP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
// Each call writes a token row: 30 a minute per user is far above a person's clicks.
const linkLimiter = new RateLimiter(30, 60_000);

/**
 * The zip page's link for one budget of the user's company ('Descargar imágenes' on the budget): a fresh zip_token
 * (only its hash is kept). Budgets are open to any logged-in user (seed 000 section 6), so their pictures are too;
 * an own-only grant on read budget narrows them to the budgets of the user's orders, as budgets.get does.
 */
export const budgetZipLink = staffProcedure.input(z.object({ budget_id: id })).mutation(async ({ ctx, input }) => {
  const waitMs = linkLimiter.hit(String(ctx.user.id));
  if (waitMs > 0) {
    throw new TRPCError({
      code: "TOO_MANY_REQUESTS",
      message: `Demasiadas solicitudes. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.`,
    });
  }
  const [budget] = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT b.id FROM budgets b LEFT JOIN orders o ON o.company_id = b.company_id AND o.id = b.order_id
        WHERE b.id = ${input.budget_id} AND b.company_id = ${ctx.companyId}
          AND ${ownedDocument("Budget", ctx.ownOnly("read", "budget") ? ctx.user.id : null)}`,
  );
  if (!budget) throw new TRPCError({ code: "NOT_FOUND", message: "Presupuesto no encontrado" });
  const token = randomBytes(32).toString("base64url");
  // The budget's expired links go as a new one is made, so the table holds one row per live link.
  await ctx.db.execute(
    sql`DELETE FROM document_tokens WHERE company_id = ${ctx.companyId} AND kind = 'zip_token' AND document_type = 'Budget'
          AND document_id = ${budget.id} AND expires_at <= now()`,
  );
  await ctx.db.insert(documentTokens).values({
    companyId: ctx.companyId,
    kind: "zip_token",
    tokenHash: sha256(token),
    documentType: "Budget",
    documentId: budget.id,
    expiresAt: new Date(Date.now() + ZIP_TOKEN_TTL_MS),
  });
  return { url: `/zip/budget/${budget.id}?token=${token}` };
});
