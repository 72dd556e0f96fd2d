// The company's provider configuration. Its key is written, never read back: the screen only learns it is set.
import { saveInvoiceConfigSchema } from "@taller/core";
import { invoiceConfigs } from "@taller/db";
import { can, fieldError, staffProcedure } from "@taller/trpc";
import { eq } from "drizzle-orm";

export const config = staffProcedure.use(can("read", "invoice")).query(async ({ ctx }) => {
  const [row] = await ctx.db.select().from(invoiceConfigs).where(eq(invoiceConfigs.companyId, ctx.companyId));
  if (!row) return null;
  return {
    endpoint: row.endpoint,
    has_api_key: row.apiKey.length > 0,
    issuer_rut: row.issuerRut,
    issuer_name: row.issuerName,
    issuer_activity: row.issuerActivity,
    issuer_address: row.issuerAddress,
    sii_office: row.siiOffice,
    resolution_number: row.resolutionNumber,
    resolution_year: row.resolutionYear,
  };
});

/** Saves the provider's address and key and the issuer's data (the key kept when not sent again). */
export const saveConfig = staffProcedure
  .use(can("update", "invoice"))
  .input(saveInvoiceConfigSchema)
  .mutation(async ({ ctx, input }) => {
    const values = {
      endpoint: input.endpoint,
      issuerRut: input.issuer_rut,
      issuerName: input.issuer_name,
      issuerActivity: input.issuer_activity,
      issuerAddress: input.issuer_address,
      siiOffice: input.sii_office || null,
      resolutionNumber: input.resolution_number ?? null,
      resolutionYear: input.resolution_year ?? null,
      updatedAt: new Date(),
    };
    if (input.api_key) {
      await ctx.db
        .insert(invoiceConfigs)
        .values({ companyId: ctx.companyId, apiKey: input.api_key, ...values })
        .onConflictDoUpdate({ target: invoiceConfigs.companyId, set: { ...values, apiKey: input.api_key } });
    } else {
      const updated = await ctx.db
        .update(invoiceConfigs)
        .set(values)
        .where(eq(invoiceConfigs.companyId, ctx.companyId))
        .returning({ companyId: invoiceConfigs.companyId });
      if (!updated.length) throw fieldError("BAD_REQUEST", "api_key", "Ingresa la clave de la API");
    }
    return { ok: true as const };
  });
