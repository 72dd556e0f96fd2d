import { describe, expect, it } from "vitest";
import { checkCustomFieldValues, kmsBelowLast, kmsBelowLastText, RECEPTION_TEXTS, receptionSchema } from "../src";

describe("kmsBelowLast", () => {
  it("asks for a confirmation only for a reading below a known last one", () => {
    expect(kmsBelowLast(79_999, 80_000)).toBe(true);
    expect(kmsBelowLast(80_000, 80_000)).toBe(false);
    expect(kmsBelowLast(0, null)).toBe(false);
    expect(kmsBelowLast(null, 80_000)).toBe(false);
    expect(kmsBelowLastText(80_000)).toBe(
      "El kilometraje es menor que el último registrado (80.000 km). Confirma si es correcto.",
    );
  });
});

describe("checkCustomFieldValues", () => {
  const definitions = [
    { key: "$$siniestro", kind: "text" as const, items: [] },
    { key: "$$combustible", kind: "list" as const, items: [{ id: 2, name: "Medio" }] },
  ];
  it("keeps the company's fields, a list value as its item's id, and leaves empty ones out", () => {
    expect(checkCustomFieldValues(definitions, { $$siniestro: "S-1", $$combustible: "2" })).toEqual({
      values: { $$siniestro: "S-1", $$combustible: 2 },
      problems: [],
    });
    expect(checkCustomFieldValues(definitions, { $$siniestro: "", $$combustible: null }).values).toEqual({});
  });
  it("refuses a field the company does not have and a value off the list, on the field", () => {
    expect(checkCustomFieldValues(definitions, { otro: "x", $$combustible: 3 }).problems).toEqual([
      { field: "custom_fields.otro", message: RECEPTION_TEXTS.fieldUnavailable },
      { field: "custom_fields.$$combustible", message: RECEPTION_TEXTS.chooseItem },
    ]);
  });
});

describe("receptionSchema", () => {
  const base = { key: "00000000-0000-4000-8000-000000000001", identifier: "bcdf12", client: {} };
  it("reads the form's empty texts as nothing, and stores the RUT and phone in one spelling", () => {
    const parsed = receptionSchema.parse({
      ...base,
      client: { rut: "123456785", name: " Ana ", phone: "912345678", email: "" },
      chassis: "",
      finish_date: "",
    });
    expect(parsed.client).toEqual({ rut: "12.345.678-5", name: "Ana", phone: "+56 9 1234 5678", email: null });
    expect(parsed).toMatchObject({ chassis: null, finish_date: null, change_owner: false, confirm_kms: false });
  });
  it("asks for the client's name when anything else of the client was written", () => {
    const result = receptionSchema.safeParse({ ...base, client: { rut: "12.345.678-5" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["client.name", RECEPTION_TEXTS.nameRequired],
    ]);
  });
});
