import { WHATSAPP_TEXTS } from "@taller/core";
import { describe, expect, it } from "vitest";
import { templateErrors, type TemplateDraft } from "../src/features/manager-whatsapp/template-rules";

const draft: TemplateDraft = {
  name: "Recordatorio",
  answer_type: "boolean",
  text: "Hola {{1}}, su reserva del {{2}}",
  show_order: false,
  show_budget: false,
  whatsapp_active: true,
  fills: ["Ana", "lunes"],
};

describe("the template dialog's rules (seed 002 section 5)", () => {
  it("a template with two variables and their examples is valid", () => {
    expect(templateErrors(1, "booking_reminder", draft)).toEqual({});
  });
  it("every required field says the spec's message", () => {
    const errors = templateErrors(1, "booking_reminder", { ...draft, name: "", answer_type: null, text: "" });
    expect(errors).toMatchObject({
      name: WHATSAPP_TEXTS.header,
      answer_type: WHATSAPP_TEXTS.type,
      text: WHATSAPP_TEXTS.content,
    });
  });
  it("one example per placeholder, each required", () => {
    expect(templateErrors(1, "booking_reminder", { ...draft, fills: ["Ana", ""] })).toEqual({
      "fills.1": WHATSAPP_TEXTS.example,
    });
  });
  it("'Sin respuesta' is a valid type", () => {
    expect(templateErrors(1, "order_received", { ...draft, answer_type: "" })).toEqual({});
  });
});
