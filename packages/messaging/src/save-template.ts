import { fillTemplate, templateFormSchema, WHATSAPP_TEXTS, type TemplateStatus } from "@taller/core";
import { companies, notificationTemplates, whatsappConfigs } from "@taller/db";
import { fieldError, managerProcedure, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { messagingAdapter } from "./adapter";
import { fromProvider } from "./manager-provider";

/**
 * 'Guardar plantilla': the company's template for one notification (one per notification), validated by the
 * spec's rules (templateFormSchema: header, type, content, one example per placeholder). When the company has a
 * WhatsApp configuration and the content or header changed, the template is submitted to the provider as a new
 * element (WhatsApp does not let an approved template's text change under it) and waits for review ('submitted');
 * its status then follows the provider's events and the periodic sync.
 */
export const saveTemplate = managerProcedure.input(templateFormSchema).mutation(async ({ ctx, input }) => {
  const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id));
  if (!company) throw fieldError("NOT_FOUND", "company_id", WHATSAPP_TEXTS.chooseCompany);
  const [existing] = await ctx.db
    .select()
    .from(notificationTemplates)
    .where(
      and(
        eq(notificationTemplates.companyId, input.company_id),
        eq(notificationTemplates.notification, input.notification),
      ),
    );
  const [config] = await ctx.db.select().from(whatsappConfigs).where(eq(whatsappConfigs.companyId, input.company_id));
  const changed = !existing || existing.text !== input.text || existing.name !== input.name;
  let submitted: { id: string; status: TemplateStatus } | null = null;
  if (config && changed) {
    submitted = await fromProvider(() =>
      messagingAdapter().submitTemplate(config.gupshupAppId, {
        elementName: `${input.notification}_${input.company_id}_${Date.now().toString(36)}`,
        header: input.name,
        content: input.text,
        example: fillTemplate(input.text, input.fills),
      }),
    );
  }
  const values = {
    name: input.name,
    text: input.text,
    answerType: input.answer_type,
    showOrder: input.show_order,
    showBudget: input.show_budget,
    whatsappActive: input.whatsapp_active,
    fills: input.fills,
    updatedAt: new Date(),
    ...(submitted
      ? { providerTemplateId: submitted.id, whatsappStatus: submitted.status, statusReason: null, pausedUntil: null }
      : {}),
    // A changed text is not the text WhatsApp approved: without a provider to review it, it is not approved either.
    ...(changed && !submitted
      ? { providerTemplateId: null, whatsappStatus: null, statusReason: null, pausedUntil: null }
      : {}),
  };
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(notificationTemplates)
      .values({ ...values, companyId: input.company_id, notification: input.notification })
      .onConflictDoUpdate({
        target: [notificationTemplates.companyId, notificationTemplates.notification],
        set: values,
      })
      .returning({ id: notificationTemplates.id, whatsapp_status: notificationTemplates.whatsappStatus });
    if (!row) throw new Error("template upsert returned nothing");
    return row;
  });
});
