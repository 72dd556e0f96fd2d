// Tenancy and bad-input cases of the messaging router (see ProcedureCase in @taller/trpc/testing).
import type { DemoFixtures } from "@taller/db/seed";
import type { DomainCases } from "@taller/trpc/testing";
import type { messagingRouter } from "../src";

const demoChat = (f: DemoFixtures) => f.demo.chatIds[0] ?? 1;
const template = {
  company_id: 1,
  notification: "booking_reminder",
  name: "Recordatorio",
  answer_type: "boolean",
  text: "Hola {{1}}, su reserva es el {{2}}",
  fills: ["Ana", "01-12-2026"],
};

export const messagingCases: DomainCases<typeof messagingRouter> = {
  conversation: {
    kind: "foreign",
    input: (f) => ({ chat_id: demoChat(f) }),
    valid: (f) => ({ chat_id: demoChat(f) }),
    attacks: () => [{ chat_id: 2_147_483_647 }, { chat_id: -1 }],
  },
  send: {
    kind: "foreign",
    input: (f) => ({ kind: "text", chat_id: demoChat(f), client_key: "tenancy-walk-1", text: "Hola" }),
    valid: (f) => ({ kind: "text", chat_id: demoChat(f), client_key: "fuzz-seed-01", text: "Hola" }),
    attacks: (f) => [
      {
        kind: "template",
        chat_id: demoChat(f),
        client_key: "fuzz-seed-02",
        template_id: 2_147_483_647,
        variables: ["x"],
      },
      {
        kind: "template",
        chat_id: demoChat(f),
        client_key: "fuzz-seed-03",
        template_id: 1,
        variables: ["' OR 1=1 --", "\u0000"],
      },
      { kind: "text", chat_id: demoChat(f), client_key: "../../etc", text: "x" },
    ],
  },
  outbox: {
    kind: "foreign",
    input: (f) => ({ chat_id: demoChat(f) }),
    valid: (f) => ({ chat_id: demoChat(f) }),
  },
  companies: { kind: "manager", valid: () => ({ search: "%_" }) },
  apps: { kind: "manager" },
  accounts: { kind: "manager", valid: () => ({ app_id: "local" }) },
  phones: { kind: "manager", valid: () => ({ app_id: "local", account_id: "local" }) },
  config: { kind: "manager", valid: (f) => ({ company_id: f.demo.companyId }) },
  saveConfig: {
    kind: "manager",
    valid: (f) => ({
      company_id: f.demo.companyId,
      gupshup_app_id: "local",
      account_id: "local",
      phone_id: "local",
      active: true,
    }),
  },
  notifications: { kind: "manager", valid: (f) => ({ company_id: f.demo.companyId }) },
  saveTemplate: { kind: "manager", valid: (f) => ({ ...template, company_id: f.demo.companyId }) },
};
