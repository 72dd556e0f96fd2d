import { DATABASE_TARGETS } from "@taller/core";
import { describe, expect, it } from "vitest";
import { targetOptions, UNMAPPED } from "../src/features/manager/database-mapping";

describe("the column mapping's choices (seed 002 section 2.7)", () => {
  const options = targetOptions("Patente");

  it("names every choice in Spanish, never by its internal name", () => {
    for (const { value, label } of options) {
      expect(label).not.toBe(value);
      expect(label).not.toMatch(/\b[a-z]{2,}\.[a-z_]+\b|custom|object/i);
    }
    expect(options.find((o) => o.value === "Client.rut")?.label).toBe("Cliente · RUT");
    expect(options.find((o) => o.value === "Custom object.identifier")?.label).toBe(
      "Objeto personalizado · Identificador",
    );
  });

  it("keeps the internal names as the values the server reads", () => {
    const values = options.map((o) => o.value);
    expect(values[0]).toBe(UNMAPPED);
    for (const target of DATABASE_TARGETS.filter((t) => !t.endsWith(".custom_fields"))) {
      expect(values).toContain(target);
    }
    expect(options.find((o) => o.value === "Client.custom_fields.Patente")?.label).toBe(
      "Cliente · Campo personalizado (Patente)",
    );
  });
});
