// Tenancy and bad-input cases of the auth and account routers (see ProcedureCase in @taller/trpc/testing).
import type { DomainCases } from "@taller/trpc/testing";
import type { DemoFixtures } from "@taller/db/seed";
import type { accountRouter, authRouter } from "../src";

const returnsDemoUser = (r: unknown, f: DemoFixtures) =>
  Object.values(f.demo.userIds).includes((r as { id: number }).id) ? "returned a demo user" : null;

export const authCases: DomainCases<typeof authRouter> = {
  login: {
    kind: "public",
    reason: "credentials are checked against the one account the e-mail names",
    valid: () => ({ email: "nadie@taller.demo", password: "x" }),
  },
  logout: { kind: "scoped", leaks: () => null },
  me: { kind: "scoped", leaks: returnsDemoUser },
  signedIn: {
    kind: "public",
    reason: "answers only whether the caller's own session is a staff session",
    valid: () => undefined,
  },
  workpointLogin: {
    kind: "public",
    reason: "the device token names the one company whose codes are checked (packages/workpoint tests the kiosk)",
    valid: () => ({ code: "0000" }),
  },
  workpointLogout: { kind: "scoped", leaks: () => null },
};

export const accountCases: DomainCases<typeof accountRouter> = {
  changePassword: {
    kind: "scoped",
    input: () => ({ old_password: "wrong-password", password: "nueva123", password_confirmation: "nueva123" }),
    leaks: () => null,
    valid: () => ({ old_password: "wrong-password", password: "nueva123", password_confirmation: "nueva123" }),
  },
  // A wrong password: the walk must not change the login of the accounts it uses.
  changeEmail: {
    kind: "scoped",
    input: () => ({ mail: "admin@taller.demo", password: "wrong-password" }),
    leaks: () => null,
    valid: () => ({ mail: "nuevo@taller.demo", password: "wrong-password" }),
  },
  update: {
    kind: "scoped",
    input: () => ({ theme: "mint" }),
    leaks: returnsDemoUser,
    valid: () => ({ name: "Ana", phone: "+56 9 1111 2222", rut: "12.345.678-5", theme: "mint" }),
  },
  setOnline: { kind: "scoped", input: () => ({ online: true }), leaks: () => null, valid: () => ({ online: true }) },
  enable2fa: { kind: "scoped", leaks: () => null },
  validate2fa: {
    kind: "scoped",
    input: () => ({ password: "wrong-password", otp: "123456", otp_secret: "JBSWY3DPEHPK3PXP" }),
    leaks: () => null,
    valid: () => ({ password: "wrong-password", otp: "123456", otp_secret: "JBSWY3DPEHPK3PXP" }),
  },
  disable2fa: {
    kind: "scoped",
    input: () => ({ password: "wrong-password", otp: "123456" }),
    leaks: () => null,
    valid: () => ({ password: "wrong-password", otp: "123456" }),
  },
  // Device rows carry no company data; the query filters by the caller's user (see account.test.ts).
  devices: { kind: "scoped", leaks: () => null },
  // The seed opens no sessions, so any id is foreign here; account.test.ts ends another user's and company's device.
  destroyDevice: { kind: "foreign", input: () => ({ id: 1 }), valid: () => ({ id: 1 }) },
};
