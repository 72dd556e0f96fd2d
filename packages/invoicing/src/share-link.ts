import { invoiceMailto } from "@taller/core";
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
 * The client's link to an issued document's PDF ('Enviar por correo'): registered or renewed for INVOICE_LINK_DAYS,
 * with the mailto: address (to the receiver's e-mail, subject and body in Spanish) the web app opens in the staff
 * member's mail program. The product sends no e-mail itself.
 */
export const shareLink = staffProcedure
  .use(can("update", "invoice"))
  .input(invoiceIdSchema)
  .mutation(async ({ ctx, input }) => {
    limitShares(ctx.user.id);
    const { invoice, url, expires_at } = await shareInvoice(
      ctx.db,
      ctx.companyId,
      input.id,
      invoiceOwner(ctx, "update"),
    );
    const mailto = invoiceMailto({
      to: invoice.receiver_email,
      dteType: invoice.dte_type,
      folio: invoice.folio,
      company: invoice.issuer_name,
      url,
    });
    return { url, expires_at, mailto };
  });
