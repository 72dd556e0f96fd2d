import { can, RateLimiter, staffProcedure, TRPCError } from "@taller/trpc";
import { shareInvoice } from "./client-link";
import { invoiceIdSchema } from "./detail";
import { invoiceOwner } from "./scope";

// Each call writes the link's row: 30 a minute per user is far above a person's clicks.
export const shareLimiter = new RateLimiter(30, 60_000);

/** Throws TOO_MANY_REQUESTS past the user's share rate. */
export function limitShares(userId: number): void {
  const waitMs = shareLimiter.hit(String(userId));
  if (waitMs > 0)
    throw new TRPCError({
      code: "TOO_MANY_REQUESTS",
      message: `Demasiadas solicitudes. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.`,
    });
}

/**
 * The client's link to an issued document's PDF ('Enviar por correo', 'Copiar enlace'): registered or renewed for
 * INVOICE_LINK_DAYS; the web app opens the staff member's mail program with it (`invoiceMailto`).
 */
export const shareLink = staffProcedure
  .use(can("update", "invoice"))
  .input(invoiceIdSchema)
  .mutation(async ({ ctx, input }) => {
    limitShares(ctx.user.id);
    const { url, expires_at } = await shareInvoice(ctx.db, ctx.companyId, input.id, invoiceOwner(ctx, "update"));
    return { url, expires_at };
  });
