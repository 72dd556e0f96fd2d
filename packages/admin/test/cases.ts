// Tenancy and bad-input cases of the admin router (see ProcedureCase in @taller/trpc/testing). Writes seed the
// fuzzing with an id no user has: a fuzzed input that happens to be valid must not deactivate a demo user.
import { findIds, type DomainCases } from "@taller/trpc/testing";
import type { DemoFixtures } from "@taller/db/seed";
import type { adminRouter } from "../src";

const demoUser = (f: DemoFixtures) => f.demo.userIds["asesor@taller.demo"] ?? 0;
const noRow = { id: 2 ** 31 - 1 };
const demoUsers = (r: unknown, f: DemoFixtures) => findIds(r, "id", Object.values(f.demo.userIds));
const unknownToken = "A".repeat(43);
const demoRole = (f: DemoFixtures) => f.demo.roleIds["Asesor"] ?? 0;
const demoRoles = (r: unknown, f: DemoFixtures) => findIds(r, "id", Object.values(f.demo.roleIds));

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
    valid: () => ({ ...noRow, name: "Nombre", role_id: null }),
    attacks: (f) => [{ id: f.other.userIds["admin@otro.demo"], role_id: f.demo.roleIds["Técnico"] }],
  },
  "users.deactivate": { kind: "foreign", input: (f) => ({ id: demoUser(f) }), valid: () => noRow },
  "users.reactivate": { kind: "foreign", input: (f) => ({ id: demoUser(f) }), valid: () => noRow },
  "users.invitationLink": { kind: "foreign", input: (f) => ({ id: demoUser(f) }), valid: () => noRow },
  "users.resetWorkpointCode": { kind: "foreign", input: (f) => ({ id: demoUser(f) }), valid: () => noRow },
  "roles.list": { kind: "scoped", leaks: (r, f) => findIds(r, "id", Object.values(f.demo.roleIds)) },
  // Writes seed the fuzzing with names and ids nothing holds: a fuzzed input that happens to be valid must not
  // rename or strip a demo role, location or holiday.
  "roles.create": { kind: "scoped", leaks: demoRoles, valid: () => ({ name: "Rol de prueba" }) },
  "roles.rename": { kind: "foreign", input: (f) => ({ id: demoRole(f), name: "Tomado" }), valid: () => ({ ...noRow, name: "Rol" }) },
  "roles.remove": { kind: "foreign", input: (f) => ({ id: demoRole(f) }), valid: () => noRow },
  "roles.setGrants": {
    kind: "foreign",
    input: (f) => ({ id: demoRole(f), grants: [] }),
    valid: () => ({ ...noRow, grants: [{ action: "read", resource: "vehicle", restricted_to_own: false }] }),
    attacks: (f) => [
      { id: f.demo.roleIds["Asesor"], grants: [{ action: "read", resource: "vehicle", restricted_to_own: false }, { action: "read", resource: "vehicle", restricted_to_own: true }] },
      { id: f.demo.roleIds["Asesor"], grants: [{ action: "manage", resource: "all", restricted_to_own: false }] },
    ],
  },
  "locations.list": { kind: "scoped", leaks: (r, f) => findIds(r, "id", f.demo.locationIds) },
  "locations.create": { kind: "scoped", leaks: (r, f) => findIds(r, "id", f.demo.locationIds), valid: () => ({ name: "Local de prueba" }) },
  "locations.rename": { kind: "foreign", input: (f) => ({ id: f.demo.locationIds[0] ?? 0, name: "Tomado" }), valid: () => ({ ...noRow, name: "Local" }) },
  "locations.remove": { kind: "foreign", input: (f) => ({ id: f.demo.locationIds[0] ?? 0 }), valid: () => noRow },
  "holidays.list": {
    kind: "scoped",
    input: () => ({ year: new Date().getFullYear() }),
    leaks: (r, f) => findIds(r, "id", f.demo.holidayIds),
    valid: () => ({ year: new Date().getFullYear() }),
  },
  "holidays.create": {
    kind: "scoped",
    // Another company's location for one's own holiday: refused on the field (and by the composite key).
    input: (f) => ({ date: "2031-03-03", name: "Feriado ajeno", location_id: f.demo.locationIds[0] ?? 0 }),
    leaks: (r, f) => findIds(r, "id", f.demo.holidayIds),
    valid: () => ({ date: "2031-03-04", name: "Feriado de prueba", location_id: null }),
    attacks: () => [{ date: "2031-02-30", name: "X", location_id: null }, { date: "31-03-2031", name: "X", location_id: null }],
  },
  "holidays.remove": { kind: "foreign", input: (f) => ({ id: f.demo.holidayIds[0] ?? 0 }), valid: () => noRow },
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
