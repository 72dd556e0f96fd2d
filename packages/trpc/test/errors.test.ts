import { permissionChecker, isRestrictedToOwn } from "@taller/core";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { databaseErrorToTRPC, fieldErrorsFromIssues } from "../src/errors";
import { RateLimiter } from "../src/rate-limit";

describe("field errors", () => {
  it("groups zod issues by field path, form-level issues apart", () => {
    const schema = z
      .object({ email: z.email("Correo inválido"), items: z.array(z.object({ qty: z.number().min(1, "Mínimo 1") })) })
      .refine(() => false, "Formulario inválido");
    const result = schema.safeParse({ email: "x", items: [{ qty: 0 }] });
    expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({
      formErrors: ["Formulario inválido"],
      fieldErrors: { email: ["Correo inválido"], "items.0.qty": ["Mínimo 1"] },
    });
  });
});

describe("database errors", () => {
  it("maps broken constraints to client errors and leaves the rest alone", () => {
    expect(databaseErrorToTRPC({ code: "23505" })?.code).toBe("CONFLICT");
    expect(databaseErrorToTRPC({ code: "23514" })?.code).toBe("BAD_REQUEST");
    expect(databaseErrorToTRPC({ code: "22003" })?.code).toBe("BAD_REQUEST");
    expect(databaseErrorToTRPC(new Error("x", { cause: { code: "40001" } }))?.code).toBe("CONFLICT");
    expect(databaseErrorToTRPC({ code: "08006" })).toBeNull();
    expect(databaseErrorToTRPC(new Error("boom"))).toBeNull();
  });
});

describe("permissions", () => {
  const grants = [
    { action: "read" as const, resource: "booking" as const, restrictedToOwn: true },
    { action: "update" as const, resource: "check_in" as const, restrictedToOwn: false },
  ];
  it("allows exactly the granted pairs", () => {
    const can = permissionChecker(grants);
    expect(can("read", "booking")).toBe(true);
    expect(can("update", "check_in")).toBe(true);
    expect(can("read", "check_in")).toBe(false);
    expect(isRestrictedToOwn(grants, "read", "booking")).toBe(true);
    expect(isRestrictedToOwn(grants, "update", "check_in")).toBe(false);
  });
});

describe("rate limiter", () => {
  it("allows max hits per window, then says how long to wait", () => {
    const limiter = new RateLimiter(2, 1000);
    expect(limiter.hit("ip", 0)).toBe(0);
    expect(limiter.hit("ip", 10)).toBe(0);
    expect(limiter.hit("ip", 400)).toBe(600);
    expect(limiter.hit("other", 400)).toBe(0);
    expect(limiter.hit("ip", 1000)).toBe(0);
  });
});
