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
const demoStatuses = (r: unknown, f: DemoFixtures) => findIds(r, "id", Object.values(f.demo.statusIds).flat());
const requirement = {
  name: "Requerimiento",
  duration_minutes: 60,
  price: 10000,
  speciality_id: null,
  next_requirement_id: null,
  next_after_months: null,
  next_after_kms: null,
};
const day = { enabled: true, start_time: "09:00", end_time: "18:00" };
const preferences = {
  booking_type: "capacity",
  booking_addon: { allowed_domains: "https://tienda.example.cl *.example.com", background_color: "#ffffff" },
  workpoint_logout_time: 30,
  terms: {
    object: { singular: "Vehículo", plural: "Vehículos" },
    client: { singular: "Cliente", plural: "Clientes" },
    order: { singular: "Orden de Trabajo", plural: "Órdenes de Trabajo" },
    crm: { singular: "CRM", plural: "CRM" },
  },
  modules: [{ key: "order", name: "Órdenes", visible: true }],
  days_preferences: {
    max_bookings: 3,
    time_interval: 10,
    days: { "1": day, "2": day, "3": day, "4": day, "5": day, "6": day, "7": { ...day, enabled: false } },
  },
};

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
  "roles.rename": {
    kind: "foreign",
    input: (f) => ({ id: demoRole(f), name: "Tomado" }),
    valid: () => ({ ...noRow, name: "Rol" }),
  },
  "roles.remove": { kind: "foreign", input: (f) => ({ id: demoRole(f) }), valid: () => noRow },
  "roles.setGrants": {
    kind: "foreign",
    input: (f) => ({ id: demoRole(f), grants: [] }),
    valid: () => ({ ...noRow, grants: [{ action: "read", resource: "vehicle", restricted_to_own: false }] }),
    attacks: (f) => [
      {
        id: f.demo.roleIds["Asesor"],
        grants: [
          { action: "read", resource: "vehicle", restricted_to_own: false },
          { action: "read", resource: "vehicle", restricted_to_own: true },
        ],
      },
      { id: f.demo.roleIds["Asesor"], grants: [{ action: "manage", resource: "all", restricted_to_own: false }] },
    ],
  },
  "locations.list": { kind: "scoped", leaks: (r, f) => findIds(r, "id", f.demo.locationIds) },
  "locations.create": {
    kind: "scoped",
    leaks: (r, f) => findIds(r, "id", f.demo.locationIds),
    valid: () => ({ name: "Local de prueba" }),
  },
  "locations.rename": {
    kind: "foreign",
    input: (f) => ({ id: f.demo.locationIds[0] ?? 0, name: "Tomado" }),
    valid: () => ({ ...noRow, name: "Local" }),
  },
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
    attacks: () => [
      { date: "2031-02-30", name: "X", location_id: null },
      { date: "31-03-2031", name: "X", location_id: null },
    ],
  },
  "holidays.remove": { kind: "foreign", input: (f) => ({ id: f.demo.holidayIds[0] ?? 0 }), valid: () => noRow },
  "statuses.list": { kind: "scoped", leaks: demoStatuses },
  "statuses.create": {
    kind: "scoped",
    input: () => ({ type: "Order", name: "Estado de Otro", color: "#123456" }),
    leaks: demoStatuses,
    valid: () => ({ type: "Budget", name: "Estado fuzz", color: "#aabbcc", finish: false, crm_category: null }),
    attacks: () => [
      { type: "Crm::Booking", name: "Sin categoría", color: "#aabbcc" },
      { type: "Order", name: "Color", color: "red" },
      { type: "Order", name: "Color", color: "#12345g" },
    ],
  },
  "statuses.update": {
    kind: "foreign",
    input: (f) => ({ id: f.demo.statusIds.Order[0], name: "Tomado" }),
    valid: () => ({ ...noRow, name: "Nombre", color: "#000000", finish: true }),
  },
  "statuses.reorder": {
    kind: "foreign",
    input: (f) => ({ type: "Order", ids: f.demo.statusIds.Order }),
    valid: () => ({ type: "Order", ids: [noRow.id] }),
  },
  "statuses.remove": { kind: "foreign", input: (f) => ({ id: f.demo.statusIds.Order[0] }), valid: () => noRow },
  "statuses.setTransitions": {
    kind: "foreign",
    input: (f) => ({ from_status_id: f.demo.statusIds.Order[0], to_status_ids: f.demo.statusIds.Order.slice(1, 2) }),
    valid: () => ({ from_status_id: noRow.id, to_status_ids: [] }),
  },
  "requirements.list": {
    kind: "scoped",
    leaks: (r, f) => findIds((r as { requirements: unknown }).requirements, "id", f.demo.requirementIds),
  },
  "requirements.create": {
    kind: "scoped",
    // Another company's requirement as the next one: refused on its field.
    input: (f) => ({
      ...requirement,
      name: "Requerimiento de Otro",
      next_requirement_id: f.demo.requirementIds[0],
      next_after_months: 6,
    }),
    leaks: (r, f) => findIds(r, "id", f.demo.requirementIds),
    valid: () => ({ ...requirement, name: "Requerimiento fuzz" }),
  },
  "requirements.update": {
    kind: "foreign",
    input: (f) => ({ ...requirement, id: f.demo.requirementIds[0], name: "Tomado" }),
    valid: () => ({ ...requirement, ...noRow, name: "Nombre" }),
  },
  "requirements.remove": { kind: "foreign", input: (f) => ({ id: f.demo.requirementIds[0] }), valid: () => noRow },
  "preferences.get": { kind: "scoped", leaks: () => null },
  "preferences.update": {
    kind: "scoped",
    // Otro Taller writes its own row only; Taller Demo's preferences are checked unchanged in admin-setup.test.ts.
    input: () => ({ ...preferences, workpoint_logout_time: 45 }),
    leaks: () => null,
    valid: () => preferences,
    attacks: () => [
      { ...preferences, booking_addon: { allowed_domains: "https://a.cl; script-src *", background_color: "#ffffff" } },
      { ...preferences, booking_addon: { allowed_domains: "a.cl", background_color: "url(x)" } },
    ],
  },
  "preferences.setLogo": {
    kind: "scoped",
    // Otro Taller clears its own logo; a file id (a capability) is only taken from its uploader's own uploads.
    input: () => ({ logo: null }),
    leaks: () => null,
    valid: () => ({ logo: null }),
    attacks: () => [
      { logo: `/files/${"A".repeat(24)}` },
      { logo: "javascript:alert(1)" },
      { logo: "https://evil.example/logo.png" },
    ],
  },
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
