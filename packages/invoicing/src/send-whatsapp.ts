import { formatMoney, invoiceTitle, MESSAGE_STATUS_LABELS, NOTIFICATION_KINDS, WHATSAPP_TEXTS } from "@taller/core";
import { loadCompanyTerms } from "@taller/db";
import { deliverMessage, queueNotification, type NotifyResult } from "@taller/messaging";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { shareInvoice } from "./client-link";
import { invoiceIdSchema } from "./detail";
import { invoiceOwner } from "./scope";
import { limitShares } from "./share-link";

/**
 * 'Enviar por WhatsApp': the company's approved 'Documento tributario' template to the document's client, with the
 * link to its PDF (renewed as shareLink does), through the messaging package's adapter; the message lands in the
 * order's chat like the other notifications. Once per document (its dedupe key): a second press answers that it was
 * sent. Answers `sent` and a Spanish `message` saying what happened, or why nothing was sent.
 */
export const sendWhatsapp = staffProcedure
  .use(can("update", "invoice"))
  .input(invoiceIdSchema)
  .mutation(async ({ ctx, input }) => {
    limitShares(ctx.user.id);
    const result = await withTransaction(ctx, async (tx): Promise<NotifyResult> => {
      const { invoice, url } = await shareInvoice(tx.db, ctx.companyId, input.id, invoiceOwner(ctx, "update"));
      if (invoice.client_id === null || invoice.order_id === null) {
        const client = (await loadCompanyTerms(tx.db, ctx.companyId)).client;
        throw fieldError("CONFLICT", "id", `El documento no tiene ${client.oneLower} a quien enviarlo`);
      }
      return queueNotification(tx, {
        companyId: ctx.companyId,
        notification: "invoice_issued",
        clientId: invoice.client_id,
        values: [
          invoice.client_name ?? invoice.receiver_name ?? "",
          invoiceTitle(invoice),
          formatMoney(invoice.total),
          url,
        ],
        documentType: "Order",
        documentId: invoice.order_id,
        dedupeKey: `invoice_issued:${invoice.id}`,
      });
    });
    if ("queued" in result) {
      const status = await deliverMessage(ctx.db, ctx.companyId, result.queued);
      const sent = status !== "failed";
      return {
        sent,
        message: sent
          ? `Enviado por WhatsApp (${MESSAGE_STATUS_LABELS[status]})`
          : "WhatsApp no pudo enviar el mensaje",
      };
    }
    const terms = await loadCompanyTerms(ctx.db, ctx.companyId);
    const why: Record<Extract<NotifyResult, { skipped: string }>["skipped"], string> = {
      duplicate: "Este documento ya se envió por WhatsApp",
      no_plan: WHATSAPP_TEXTS.notInPlan,
      no_template: `La empresa no tiene una plantilla aprobada de '${NOTIFICATION_KINDS.invoice_issued}'`,
      no_phone: WHATSAPP_TEXTS.noPhone(terms.client),
      too_many_placeholders: `La plantilla de '${NOTIFICATION_KINDS.invoice_issued}' pide más datos de los que el documento tiene`,
    };
    return { sent: false, message: why[result.skipped] };
  });
