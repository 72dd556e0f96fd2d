import { describe, expect, it } from "vitest";
import { CONNECTION_HINT, loadFailureText } from "../src/lib/load-failure";

describe("loadFailureText", () => {
  it("agrees with what failed, in the singular or the plural", () => {
    expect(loadFailureText("la agenda", { code: "INTERNAL_SERVER_ERROR", message: "" })).toBe(
      "No se pudo cargar la agenda.",
    );
    expect(loadFailureText("las órdenes", { code: "INTERNAL_SERVER_ERROR", message: " " })).toBe(
      "No se pudieron cargar las órdenes.",
    );
    expect(loadFailureText("los vehículos", { code: "FORBIDDEN", message: "" })).toBe(
      "No se pudieron cargar los vehículos.",
    );
  });

  it("adds the server's message, written for users", () => {
    expect(loadFailureText("los cobros", { code: "BAD_REQUEST", message: "Local no disponible" })).toBe(
      "No se pudieron cargar los cobros. Local no disponible",
    );
  });

  it("speaks of the connection when no answer came from the server", () => {
    expect(loadFailureText("el presupuesto", { code: null, message: "Failed to fetch" })).toBe(
      `No se pudo cargar el presupuesto. ${CONNECTION_HINT}`,
    );
  });
});
