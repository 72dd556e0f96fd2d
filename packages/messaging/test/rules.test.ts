import {
  fillTemplate,
  parseAnswer,
  replyReference,
  replyWindow,
  statusAdvances,
  templateFormSchema,
  templatePlaceholders,
  WHATSAPP_TEXTS,
  WHATSAPP_WINDOW_MS,
  whatsappConfigSchema,
  whatsappNumber,
} from "@taller/core";
import { describe, expect, it } from "vitest";
import { gupshupTemplateStatus } from "../src/gupshup";

const base = {
  company_id: 1,
  notification: "booking_reminder",
  name: "Recordatorio",
  answer_type: "boolean",
  text: "Hola {{1}}, su reserva es el {{2}}",
  fills: ["Ana", "01-12-2026"],
};

function fieldMessages(input: unknown): Record<string, string[]> {
  const r = templateFormSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

describe("template form (seed 002 section 5)", () => {
  it("accepts a template with two variables and two examples", () => {
    expect(templateFormSchema.parse(base)).toMatchObject({ fills: ["Ana", "01-12-2026"], whatsapp_active: false });
  });
  it("says the spec's message for each missing field", () => {
    const m = fieldMessages({ ...base, name: "  ", text: "", answer_type: "numero", fills: [] });
    expect(m.name).toEqual([WHATSAPP_TEXTS.header]);
    expect(m.text).toEqual([WHATSAPP_TEXTS.content]);
    expect(m.answer_type).toEqual([WHATSAPP_TEXTS.type]);
  });
  it("requires one example per placeholder, each by its index", () => {
    const m = fieldMessages({ ...base, fills: ["Ana", " "] });
    expect(m["fills.1"]).toEqual([WHATSAPP_TEXTS.example]);
    expect(m["fills.0"]).toBeUndefined();
    expect(fieldMessages({ ...base, fills: [] })["fills.0"]).toEqual([WHATSAPP_TEXTS.example]);
  });
  it("accepts the empty answer type ('Sin respuesta') and refuses numbering gaps and extra examples", () => {
    expect(templateFormSchema.safeParse({ ...base, answer_type: "" }).success).toBe(true);
    expect(fieldMessages({ ...base, text: "{{1}} y {{3}}", fills: ["a", "b", "c"] }).text?.[0]).toContain("sin saltos");
    expect(fieldMessages({ ...base, fills: ["a", "b", "c"] }).fills).toBeDefined();
  });
  it("reads placeholders once each, in order, and fills them", () => {
    expect(templatePlaceholders("{{2}} {{1}} {{ 2 }}")).toEqual([1, 2]);
    expect(fillTemplate("Hola {{1}}, el {{2}}", ["Ana", "lunes"])).toBe("Hola Ana, el lunes");
  });
  it("config form: account and phone messages", () => {
    const r = whatsappConfigSchema.safeParse({ company_id: 1, gupshup_app_id: "app", account_id: "", phone_id: "" });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual([WHATSAPP_TEXTS.chooseAccount, WHATSAPP_TEXTS.choosePhone]);
    expect(
      whatsappConfigSchema.parse({ company_id: 1, gupshup_app_id: "a", account_id: "b", phone_id: "c" }).active,
    ).toBe(true);
  });
});

describe("the 24-hour reply window", () => {
  const last = new Date("2026-11-20T12:00:00.000Z");
  it("is none without an inbound message", () => {
    expect(replyWindow(null, last).state).toBe("none");
  });
  it("is open one millisecond before 24 hours and closed at exactly 24 hours", () => {
    expect(replyWindow(last, new Date(last.getTime() + WHATSAPP_WINDOW_MS - 1)).state).toBe("open");
    expect(replyWindow(last, new Date(last.getTime() + WHATSAPP_WINDOW_MS)).state).toBe("closed");
  });
});

describe("message status only moves forward", () => {
  it("ignores a late 'sent' or 'delivered' after 'read'", () => {
    expect(statusAdvances("sent", "delivered")).toBe(true);
    expect(statusAdvances("read", "delivered")).toBe(false);
    expect(statusAdvances("read", "sent")).toBe(false);
    expect(statusAdvances("sent", "read")).toBe(true);
  });
  it("fails only before delivery, and never leaves the local default's 'recorded'", () => {
    expect(statusAdvances("sent", "failed")).toBe(true);
    expect(statusAdvances("delivered", "failed")).toBe(false);
    expect(statusAdvances("failed", "delivered")).toBe(false);
    expect(statusAdvances("recorded", "delivered")).toBe(false);
  });
});

describe("answers and numbers", () => {
  it("reads 'Si'/'Sí'/'No' as booleans", () => {
    expect(parseAnswer("boolean", "Si")).toBe(true);
    expect(parseAnswer("boolean", " sí! ")).toBe(true);
    expect(parseAnswer("boolean", "NO.")).toBe(false);
    expect(parseAnswer("boolean", "tal vez")).toBeNull();
    expect(parseAnswer("", "Si")).toBeNull();
  });
  it("reads dates and refuses impossible ones", () => {
    expect(parseAnswer("date", "5/12/2026")).toBe("2026-12-05");
    expect(parseAnswer("date", "31-02-2026")).toBeNull();
    expect(parseAnswer("datetime", "05-12-2026 9:30")).toBe("2026-12-05 09:30");
    expect(parseAnswer("datetime", "05-12-2026 24:00")).toBeNull();
  });
  it("writes Chilean mobiles with the country code", () => {
    expect(whatsappNumber("+56 9 1234 5678")).toBe("56912345678");
    expect(whatsappNumber("912345678")).toBe("56912345678");
    expect(whatsappNumber("123")).toBeNull();
  });
  it("maps Gupshup's template states", () => {
    expect(gupshupTemplateStatus("APPROVED")).toBe("approved");
    expect(gupshupTemplateStatus("REJECTED")).toBe("rejected");
    expect(gupshupTemplateStatus("PAUSED")).toBe("paused");
    expect(gupshupTemplateStatus("DISABLED")).toBe("disabled");
    expect(gupshupTemplateStatus("PENDING")).toBe("submitted");
  });
});

describe("the reply reference ('Responder por WhatsApp')", () => {
  it("names the inbound message only while its own 24 h window is open", () => {
    const receivedAt = new Date("2026-03-09T12:00:00Z");
    const inbound = { wamid: "wamid.in-1", receivedAt };
    expect(replyReference(inbound, new Date(receivedAt.getTime() + WHATSAPP_WINDOW_MS - 1))).toBe("wamid.in-1");
    expect(replyReference(inbound, new Date(receivedAt.getTime() + WHATSAPP_WINDOW_MS))).toBeNull();
    expect(replyReference(null, receivedAt)).toBeNull();
  });
});
