import { permissionChecker, isRestrictedToOwn } from "@taller/core";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import {
  databaseErrorToTRPC,
  errorReference,
  fieldError,
  fieldErrorsFromIssues,
  publicError,
  userError,
} from "../src/errors";
import { RateLimiter } from "../src/rate-limit";
// Loading the tRPC setup is what sets zod's Spanish messages.
import "../src/trpc";

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

describe("publicError", () => {
  it("hides an internal error behind a Spanish sentence and a reference", () => {
    const error = new TRPCError({
      code: "INTERNAL_SERVER_ERROR",
      cause: new Error("Failed query: select * from sessions where id = $1 params: abc"),
    });
    const { message, requestId } = publicError(error);
    expect(requestId).toMatch(/^[0-9a-f]{12}$/);
    expect(requestId).toBe(errorReference(error));
    expect(message).toBe(`Ocurrió un error inesperado. Si se repite, informa el código ${requestId}.`);
  });

  it("gives a validation failure a short Spanish message instead of zod's JSON", () => {
    const zodError = z.object({ n: z.number() }).safeParse({ n: "x" }).error!;
    const error = new TRPCError({ code: "BAD_REQUEST", cause: zodError });
    expect(error.message).toContain('"code"');
    expect(publicError(error)).toEqual({ message: "Datos inválidos", requestId: null });
    // zod speaks Spanish once the tRPC setup is loaded (imported above through ../src/trpc).
    expect(zodError.issues[0]!.message).toMatch(/^Entrada inválida/);
  });

  it("keeps messages written for users, and replaces tRPC's own English ones", () => {
    expect(publicError(userError("BAD_REQUEST", "Demasiadas operaciones")).message).toBe("Demasiadas operaciones");
    expect(publicError(fieldError("BAD_REQUEST", "cursor", "Cursor inválido")).message).toBe("Solicitud inválida");
    expect(publicError(new TRPCError({ code: "NOT_FOUND", message: 'No procedure found on path "x"' })).message).toBe(
      "No encontrado",
    );
    const syntax = new TRPCError({ code: "BAD_REQUEST", cause: new SyntaxError("Unexpected token } in JSON") });
    expect(publicError(syntax).message).toBe("Solicitud inválida");
    expect(databaseErrorToTRPC({ code: "22003" }) && publicError(databaseErrorToTRPC({ code: "22003" })!).message).toBe(
      "Datos inválidos",
    );
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
