// Tenancy and bad-input cases of the admin router (see ProcedureCase in @taller/trpc/testing). Writes seed the
// fuzzing with an id no user has: a fuzzed input that happens to be valid must not deactivate a demo user.
import { findIds, type DomainCases } from "@taller/trpc/testing";
import type { DemoFixtures } from "@taller/db/seed";
import type { adminRouter } from "../src";

const demoUser = (f: DemoFixtures) => f.demo.userIds["asesor@taller.demo"] ?? 0;
const noUser = { id: 2 ** 31 - 1 };
const demoUsers = (r: unknown, f: DemoFixtures) => findIds(r, "id", Object.values(f.demo.userIds));
const unknownToken = "A".repeat(43);

export const adminCases: DomainCases<typeof adminRouter> = {
  "users.list": { kind: "scoped", leaks: demoUsers },
  "users.invite": {
    kind: "scoped",
    // Another company's role for one's own new user: the database's composite key and the handler refuse it.
    input: (f) => ({ name: "Nuevo", email: "nuevo-walk@otro.demo", role_id: f.demo.roleIds["Asesor"] ?? 0 }),
    leaks: demoUsers,
    valid: (f) => ({ name: "Invitado", email: "invitado-fuzz@taller.demo", role_id: f.demo.roleIds["Asesor"] ?? null }),
    attacks: (f) => [
      { name: "X", email: "admin@taller.demo", role_id: null },
      { name: "X", email: "ADMIN@OTRO.DEMO ", role_id: null },
      { name: "X", email: "x@y.cl", role_id: f.other.roleIds["Administrador"] },
    ],
  },
  "users.update": {
    kind: "foreign",
    input: (f) => ({ id: demoUser(f), name: "Tomado" }),
    valid: () => ({ ...noUser, name: "Nombre", role_id: null }),
    attacks: (f) => [{ id: f.other.userIds["admin@otro.demo"], role_id: f.demo.roleIds["Técnico"] }],
  },
  "users.deactivate": { kind: "foreign", input: (f) => ({ id: demoUser(f) }), valid: () => noUser },
  "users.reactivate": { kind: "foreign", input: (f) => ({ id: demoUser(f) }), valid: () => noUser },
  "users.invitationLink": { kind: "foreign", input: (f) => ({ id: demoUser(f) }), valid: () => noUser },
  "users.resetWorkpointCode": { kind: "foreign", input: (f) => ({ id: demoUser(f) }), valid: () => noUser },
  "roles.list": { kind: "scoped", leaks: (r, f) => findIds(r, "id", Object.values(f.demo.roleIds)) },
  "invitation.check": {
    kind: "public",
    reason: "the link's token is the credential; an unused, unexpired one answers only its own user's name and e-mail",
    valid: () => ({ token: unknownToken }),
  },
  "invitation.accept": {
    kind: "public",
    reason: "the link's token is the credential: single use, expiring, for an active user",
    valid: () => ({ token: unknownToken, password: "secreto1", password_confirmation: "secreto1" }),
  },
};
