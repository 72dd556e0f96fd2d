// The CRM follow-up notification: one WhatsApp template message per management opened for a client with a phone,
// carrying a fresh booking link that opens that management; nothing without an approved template (and the
// management says why); the waiting list pauses it. Local adapter (messages recorded).
import { crmReminderText, DEFAULT_TERMS, termWords } from "@taller/core";
import { crms, documentTokens, queryRows, whatsappMessages } from "@taller/db";
import { runJob, sha256 } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { crmFollowUpJob, crmFollowUpKey } from "../src";

const app = useSeededApp();
const job = () => crmFollowUpJob(app.db(), "https://taller.example/");
const run = async () => {
  const r = await runJob({ db: app.db(), bus: app.bus() }, job());
  if (!r.ran) throw new Error("job did not run");
  return r.result;
};
const setTemplate = (status: string | null) =>
  queryRows(
    app.db(),
    sql`INSERT INTO notification_templates (company_id, notification, name, text, fills, whatsapp_active, whatsapp_status, provider_template_id)
        VALUES (${app.fx().demo.companyId}, 'crm_follow_up', 'Seguimiento', 'Hola {{1}}, le toca {{2}} de su vehículo {{3}}. Agende aquí: {{4}}',
                '{Ana,Mantención,ABCD12,https://x}', true, ${status}, 'local:crm_follow_up')
        ON CONFLICT (company_id, notification) DO UPDATE SET whatsapp_status = EXCLUDED.whatsapp_status`,
  );

async function management(onHold = false) {
  const { demo } = app.fx();
  const clientId = demo.clientIds[3] ?? 0;
  await queryRows(app.db(), sql`UPDATE clients SET phone = '+56 9 4444 0003' WHERE id = ${clientId}`);
  const [row] = await app
    .db()
    .insert(crms)
    .values({
      companyId: demo.companyId,
      kind: "retention",
      clientId,
      vehicleId: demo.vehicleIds[3],
      requirementId: demo.requirementIds[0],
      onHold,
    })
    .returning({ id: crms.id });
  return row?.id ?? 0;
}
const messagesOf = (crmId: number) =>
  app
    .db()
    .select()
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.companyId, app.fx().demo.companyId),
        eq(whatsappMessages.dedupeKey, crmFollowUpKey(crmId)),
      ),
    );

describe("the CRM follow-up sweep", () => {
  it("sends nothing and mints no link without an approved template", async () => {
    await setTemplate("submitted");
    const crmId = await management();
    await run();
    expect(await messagesOf(crmId)).toEqual([]);
    const tokens = await app
      .db()
      .select()
      .from(documentTokens)
      .where(and(eq(documentTokens.documentType, "Crm"), eq(documentTokens.documentId, crmId)));
    expect(tokens).toEqual([]);
  });

  it("with the template approved: one message per management, however often it runs, whose link opens that management", async () => {
    await setTemplate("approved");
    const crmId = await management();
    const paused = await management(true);
    await run();
    await run();
    const [message, ...more] = await messagesOf(crmId);
    expect(more).toEqual([]);
    expect(message?.documentType).toBe("Crm");
    expect(message?.documentId).toBe(crmId);
    expect(message?.kind).toBe("template");
    const link = message?.variables[3] ?? "";
    expect(link).toMatch(/^https:\/\/taller\.example\/client\/booking\?crm_token=[\w-]{32}$/);
    const token = new URL(link).searchParams.get("crm_token") ?? "";
    const [stored] = await app
      .db()
      .select()
      .from(documentTokens)
      .where(eq(documentTokens.tokenHash, sha256(token)));
    expect(stored).toMatchObject({
      kind: "crm_token",
      documentType: "Crm",
      documentId: crmId,
      companyId: app.fx().demo.companyId,
    });
    // The waiting list pauses reminders.
    expect(await messagesOf(paused)).toEqual([]);
  });
});

describe("crmReminderText", () => {
  const CLIENT = termWords(DEFAULT_TERMS.client);
  const base = { category: "initial" as const, message: null, plan: true, template: true, phone: true, recent: true };
  it("says what was sent, or the first thing missing", () => {
    expect(crmReminderText({ ...base, message: "recorded" }, CLIENT)).toBe(
      "Recordatorio por WhatsApp: Registrado (no enviado)",
    );
    expect(crmReminderText({ ...base, plan: false }, CLIENT)).toBe(
      "Sin recordatorio por WhatsApp: no está incluido en el plan de la empresa",
    );
    expect(crmReminderText({ ...base, template: false }, CLIENT)).toBe(
      "Sin recordatorio por WhatsApp: la empresa no tiene una plantilla aprobada de 'Seguimiento CRM'",
    );
    expect(crmReminderText({ ...base, phone: false }, CLIENT)).toBe(
      "Sin recordatorio por WhatsApp: el cliente no tiene teléfono",
    );
    expect(crmReminderText({ ...base, category: "on_hold" }, CLIENT)).toBe(
      "Recordatorios en pausa: la gestión está en la Lista de Espera",
    );
    expect(crmReminderText({ ...base, category: "completed" }, CLIENT)).toBeNull();
    expect(crmReminderText({ ...base, recent: false }, CLIENT)).toBeNull();
    expect(crmReminderText(base, CLIENT)).toBe("Recordatorio por WhatsApp: pendiente");
  });
});
