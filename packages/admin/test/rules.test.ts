import { DEFAULT_TERMS, termWords } from "@taller/core";
// The administration's pure rules, without a database.
import { administers } from "@taller/core";
import { describe, expect, it } from "vitest";
import { locationInUseMessage } from "../src/locations-remove";
import { roleInUseMessage } from "../src/roles-remove";
import { spanishList } from "../src/setup-changes";

describe("the pure rules", () => {
  it("say why a role or a location must stay, in Spanish", () => {
    expect(spanishList(["órdenes"])).toBe("órdenes");
    expect(spanishList(["a", "b", "c"])).toBe("a, b y c");
    expect(roleInUseMessage("Asesor", 1)).toBe(
      "No se puede eliminar el rol «Asesor»: lo tiene 1 usuario. Asígnales otro rol antes.",
    );
    expect(roleInUseMessage("Asesor", 3)).toContain("lo tienen 3 usuarios");
    const terms = { order: termWords(DEFAULT_TERMS.order), crm: termWords(DEFAULT_TERMS.crm) };
    expect(locationInUseMessage("Centro", { orders: false, bookings: false, crms: false }, terms)).toBeNull();
    expect(locationInUseMessage("Centro", { orders: true, bookings: true, crms: false }, terms)).toBe(
      "No se puede eliminar el local «Centro»: tiene órdenes de trabajo y reservas.",
    );
    const own = { ...terms, order: termWords({ singular: "Reparación", plural: "Reparaciones" }) };
    expect(locationInUseMessage("Centro", { orders: true, bookings: false, crms: true }, own)).toBe(
      "No se puede eliminar el local «Centro»: tiene reparaciones y gestiones de CRM.",
    );
  });

  it("an administering role holds both read and update on manager", () => {
    expect(
      administers([
        { action: "read", resource: "manager" },
        { action: "update", resource: "manager" },
      ]),
    ).toBe(true);
    expect(
      administers([
        { action: "update", resource: "manager" },
        { action: "read", resource: "vehicle" },
      ]),
    ).toBe(false);
    expect(administers([])).toBe(false);
  });
});
