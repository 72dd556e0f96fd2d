import { describe, expect, it } from "vitest";
import { acceptInvitationSchema, invitationState } from "../src";

describe("invitationState", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it("is valid until its expiry, exclusive", () => {
    expect(invitationState({ expiresAt: new Date("2026-11-23T12:00:00.001Z"), usedAt: null }, now)).toBe("valid");
    expect(invitationState({ expiresAt: now, usedAt: null }, now)).toBe("expired");
  });
  it("used wins over expired, and no row is unknown", () => {
    expect(
      invitationState({ expiresAt: new Date("2026-11-01T00:00:00Z"), usedAt: new Date("2026-10-31T00:00:00Z") }, now),
    ).toBe("used");
    expect(invitationState(null, now)).toBe("unknown");
  });
});

describe("acceptInvitationSchema", () => {
  const token = "A".repeat(43);
  it("needs a well-formed token and matching passwords of six characters", () => {
    expect(
      acceptInvitationSchema.safeParse({ token, password: "secreto", password_confirmation: "secreto" }).success,
    ).toBe(true);
    const mismatch = acceptInvitationSchema.safeParse({ token, password: "secreto", password_confirmation: "secreta" });
    expect(mismatch.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["password_confirmation", "Contraseñas no coinciden"],
    ]);
    expect(
      acceptInvitationSchema.safeParse({ token: "corto", password: "secreto", password_confirmation: "secreto" })
        .success,
    ).toBe(false);
  });
});
