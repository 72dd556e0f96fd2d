// A template's status as the provider reports it, by webhook or by the periodic sync (webhooks get lost).
import { notificationTemplates } from "@taller/db";
import type { Transaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { gupshupTemplateStatus } from "./gupshup";

/** Applies the provider's status to the company's template with that provider id; false when none matches. */
export async function applyTemplateStatus(
  tx: Transaction,
  companyId: number,
  providerTemplateId: string,
  rawStatus: string,
  reason: string | null,
  pausedUntil: Date | null,
): Promise<boolean> {
  const status = gupshupTemplateStatus(rawStatus);
  const rows = await tx.db
    .update(notificationTemplates)
    .set({
      whatsappStatus: status,
      statusReason: status === "rejected" ? (reason ?? "").slice(0, 500) : null,
      pausedUntil: status === "paused" ? pausedUntil : null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(notificationTemplates.companyId, companyId),
        eq(notificationTemplates.providerTemplateId, providerTemplateId),
      ),
    )
    .returning({ id: notificationTemplates.id });
  return rows.length > 0;
}
