import { whatsappConfigSchema, WHATSAPP_TEXTS } from "@taller/core";
import { companies, whatsappConfigs } from "@taller/db";
import { fieldError, managerProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { messagingAdapter } from "./adapter";
import { configView, type ConfigView } from "./config";
import { newWebhookKey } from "./inbound";
import { fromProvider } from "./manager-provider";

/**
 * Saves a company's configuration ('Guardar configuración'). The phone must be one of the account's phones at the
 * provider (its verified name and display number are copied from there, not from the browser). The first save makes
 * the webhook key and answers it once (`webhook_key`): the operator sets `/inbound/whatsapp/{key}` as the app's
 * callback URL. One app serves one company (unique), so inbound messages cannot reach the wrong workshop.
 */
export const saveConfig = managerProcedure
  .input(whatsappConfigSchema)
  .mutation(async ({ ctx, input }): Promise<ConfigView & { webhook_key: string | null }> => {
    const phones = await fromProvider(() => messagingAdapter().listPhones(input.gupshup_app_id, input.account_id));
    const phone = phones.find((p) => p.id === input.phone_id);
    if (!phone) throw fieldError("BAD_REQUEST", "phone_id", WHATSAPP_TEXTS.choosePhone);
    return withTransaction(ctx, async (tx) => {
      const [company] = await tx.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, input.company_id));
      if (!company) throw fieldError("NOT_FOUND", "company_id", WHATSAPP_TEXTS.chooseCompany);
      const [taken] = await tx.db
        .select({ companyId: whatsappConfigs.companyId })
        .from(whatsappConfigs)
        .where(eq(whatsappConfigs.gupshupAppId, input.gupshup_app_id));
      if (taken && taken.companyId !== input.company_id)
        throw fieldError("CONFLICT", "gupshup_app_id", "La aplicación ya está configurada para otra empresa");
      const values = {
        gupshupAppId: input.gupshup_app_id,
        accountId: input.account_id,
        phoneId: phone.id,
        verifiedName: phone.verified_name,
        displayNumber: phone.display_number,
        active: input.active,
        updatedAt: new Date(),
      };
      const [existing] = await tx.db
        .select({ id: whatsappConfigs.id })
        .from(whatsappConfigs)
        .where(eq(whatsappConfigs.companyId, input.company_id))
        .for("update");
      if (existing) {
        const [row] = await tx.db
          .update(whatsappConfigs)
          .set(values)
          .where(eq(whatsappConfigs.id, existing.id))
          .returning();
        if (!row) throw new TRPCError({ code: "NOT_FOUND", message: WHATSAPP_TEXTS.configFailed });
        return { ...configView(row), webhook_key: null };
      }
      const key = newWebhookKey();
      const [row] = await tx.db
        .insert(whatsappConfigs)
        .values({
          ...values,
          companyId: input.company_id,
          webhookSelector: key.selector,
          webhookVerifierHash: key.verifierHash,
        })
        .returning();
      if (!row) throw new Error("config insert returned nothing");
      return { ...configView(row), webhook_key: key.key };
    });
  });
