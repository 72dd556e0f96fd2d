import { can, staffProcedure } from "@taller/trpc";
import { invoiceIdSchema, loadDetail } from "./detail";
import { issueDocument } from "./issue-document";

/**
 * 'Emitir': sends a draft (or retries one 'sending' or rejected) through the company's provider. Answers the
 * document and what happened: accepted, rejected with the reason, unanswered (retry), or not configured (a draft kept).
 */
export const issue = staffProcedure
  .use(can("update", "invoice"))
  .input(invoiceIdSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await issueDocument(ctx, input.id);
    return { ...result, invoice: await loadDetail(ctx.db, ctx, input.id) };
  });
