import { whatsappConfigs } from "@taller/db";
import { managerProcedure } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { idSchema } from "@taller/core";

export const companyInput = z.object({ company_id: idSchema });

export interface ConfigView {
  id: number;
  company_id: number;
  gupshup_app_id: string;
  account_id: string;
  phone_id: string;
  verified_name: string;
  display_number: string;
  active: boolean;
}

/**
 * A company's WhatsApp configuration, or null (the form starts empty with 'Activo' on). The webhook key is never read
 * back.
 */
export const config = managerProcedure.input(companyInput).query(async ({ ctx, input }): Promise<ConfigView | null> => {
  const [row] = await ctx.db.select().from(whatsappConfigs).where(eq(whatsappConfigs.companyId, input.company_id));
  return row ? configView(row) : null;
});

export function configView(row: typeof whatsappConfigs.$inferSelect): ConfigView {
  return {
    id: row.id,
    company_id: row.companyId,
    gupshup_app_id: row.gupshupAppId,
    account_id: row.accountId,
    phone_id: row.phoneId,
    verified_name: row.verifiedName,
    display_number: row.displayNumber,
    active: row.active,
  };
}
