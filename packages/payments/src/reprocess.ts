// 'Reprocesar pago': asks the provider for the request's payment as it stands now (never trusting what a
// notification said) and settles it. Limited per user: each call reaches the provider.
import { PAYMENT_PAID } from "@taller/core";
import { can, RateLimiter, staffProcedure, TRPCError } from "@taller/trpc";
import { loadDetail, paymentIdSchema } from "./detail";
import { isProviderName, ProviderError, providerNamed } from "./provider";
import { settlePayment } from "./settle";
import { settleById } from "./webhook";

const limiter = new RateLimiter(20, 60_000);

export const reprocess = staffProcedure
  .use(can("update", "payment"))
  .input(paymentIdSchema)
  .mutation(async ({ ctx, input }) => {
    const before = await loadDetail(ctx.db, ctx, input.id);
    if (before.status === PAYMENT_PAID || !isProviderName(before.provider)) return before;
    if (limiter.hit(`reprocess:${ctx.user.id}`) > 0) {
      throw new TRPCError({
        code: "TOO_MANY_REQUESTS",
        message: "Demasiados intentos. Espera un minuto y vuelve a intentarlo.",
      });
    }
    try {
      if (before.payment_id) {
        await settleById(ctx, before.provider, before.payment_id);
      }
      // Without a payment (or with a rejected one), a later payment may exist that no notification announced.
      const after = await loadDetail(ctx.db, ctx, input.id);
      if (after.status !== PAYMENT_PAID) {
        const payments = await providerNamed(before.provider).findPayments(ctx.db, String(input.id));
        const pick = payments.find((p) => p.status === "approved") ?? payments[0];
        if (pick) await settlePayment(ctx, before.provider, pick);
      }
    } catch (err) {
      if (err instanceof ProviderError) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: err.message });
      throw err;
    }
    return loadDetail(ctx.db, ctx, input.id);
  });
