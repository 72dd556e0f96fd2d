import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { changePasswordSchema, emailChangeSchema, otpCodeSchema, profileUpdateSchema } from "../src/index";

const messages = (result: { success: boolean; error?: z.ZodError }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("changePasswordSchema", () => {
  it("uses the spec's messages", () => {
    expect(
      messages(
        changePasswordSchema.safeParse({ old_password: "", password: "12345", password_confirmation: "123456" }),
      ),
    ).toEqual({
      old_password: "Contraseña inválida",
      password: "Contraseña inválida, debe tener mínimo 6 dígitos",
      password_confirmation: "Contraseñas no coinciden",
    });
    expect(
      messages(
        changePasswordSchema.safeParse({ old_password: "x", password: "123456", password_confirmation: "123457" }),
      ),
    ).toEqual({
      password_confirmation: "Contraseñas no coinciden",
    });
  });
});

describe("profileUpdateSchema", () => {
  const profile = profileUpdateSchema;
  it("normalises rut and clears blank optional fields; the e-mail is not among them", () => {
    expect(profile.parse({ mail: " Ana@Taller.CL ", rut: "123456785", phone: " " })).toEqual({
      rut: "12.345.678-5",
      phone: null,
    });
  });
  it("says which field is wrong", () => {
    expect(messages(profile.safeParse({ rut: "1-1", workpoint_code: "123", phone: "llámame" }))).toEqual({
      rut: "Rut inválido",
      workpoint_code: "Código inválido, debe tener mínimo 4 caracteres",
      phone: "Teléfono inválido",
    });
  });
});

describe("emailChangeSchema", () => {
  it("normalises the e-mail and needs the current password", () => {
    expect(emailChangeSchema.parse({ mail: " Ana@Taller.CL ", password: "x" })).toEqual({
      mail: "ana@taller.cl",
      password: "x",
    });
    expect(messages(emailChangeSchema.safeParse({ mail: "ana", password: "" }))).toEqual({
      mail: "Correo inválido",
      password: "Contraseña inválida",
    });
  });
});

describe("otpCodeSchema", () => {
  it("takes exactly six digits", () => {
    expect(otpCodeSchema.safeParse("012345").success).toBe(true);
    for (const bad of ["12345", "1234567", "12345a", " 123456"])
      expect(otpCodeSchema.safeParse(bad).success).toBe(false);
  });
});
