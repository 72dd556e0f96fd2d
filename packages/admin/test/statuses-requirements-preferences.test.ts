// The company's setup at /admin (statuses and transitions, requirements, preferences) through the router's caller,
// against a real database seeded with the demo (Taller Demo and Otro Taller).
import { ADMIN_SETUP_TEXTS } from "@taller/core";
import { companies, files, realtimeEvents, statuses, statusTransitions } from "@taller/db";
import { createCallerFactory, type TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminRouter } from "../src";
import { failure, fieldsOf, lastEventId as lastEventIdOf } from "./helpers";

const createCaller = createCallerFactory(adminRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const admin = () => callerFor("admin@taller.demo");
const other = () => callerFor("admin@otro.demo");
const fx = () => app.fx().demo;

const lastEventId = () => lastEventIdOf(app.db());
const setupEventsSince = (since: number) =>
  app
    .db()
    .select({ payload: realtimeEvents.payload, companyId: realtimeEvents.companyId })
    .from(realtimeEvents)
    .where(and(gt(realtimeEvents.id, since), eq(realtimeEvents.type, "company.setup_changed")));

describe("admin.statuses", () => {
  it("lists the company's statuses by type and position with their transitions, nobody else's", async () => {
    const { statuses: rows, transitions } = await (await admin()).statuses.list();
    expect(rows.filter((s) => s.type === "Order").map((s) => s.id)).toEqual(fx().statusIds.Order);
    expect(rows.find((s) => s.type === "Crm::Booking")?.crm_category).toBe("initial");
    expect(rows.some((s) => app.fx().other.statusIds.Order.includes(s.id))).toBe(false);
    expect(transitions).toContainEqual({
      from_status_id: fx().statusIds.Order[0],
      to_status_id: fx().statusIds.Order[1],
    });
  });

  it("is refused to roles without the manager grant", async () => {
    expect((await failure((await callerFor("asesor@taller.demo")).statuses.list())).code).toBe("FORBIDDEN");
    const tecnico = await callerFor("tecnico@taller.demo");
    expect((await failure(tecnico.statuses.create({ type: "Order", name: "X", color: "#000000" }))).code).toBe(
      "FORBIDDEN",
    );
  });

  it("creates a status at the end of its type, once for a double submit, and announces the setup change", async () => {
    const a = await admin();
    const since = await lastEventId();
    const input = { type: "Budget" as const, name: "En revisión", color: "#1A2B3C" };
    const [first, second] = await Promise.allSettled([a.statuses.create(input), a.statuses.create(input)]);
    const created = [first, second].filter((r) => r.status === "fulfilled");
    expect(created).toHaveLength(1);
    const refused = [first, second].find((r): r is PromiseRejectedResult => r.status === "rejected");
    expect((refused?.reason as TRPCError).code).toBe("CONFLICT");
    expect(fieldsOf(refused?.reason as TRPCError)).toEqual({ name: ADMIN_SETUP_TEXTS.statusTaken });
    const budgetStatuses = (await a.statuses.list()).statuses.filter((s) => s.type === "Budget");
    expect(budgetStatuses.at(-1)).toMatchObject({
      name: "En revisión",
      color: "#1a2b3c",
      finish: false,
      crm_category: null,
    });
    expect(await setupEventsSince(since)).toEqual([{ payload: { what: "statuses" }, companyId: fx().companyId }]);
  });

  it("refuses a colour that is not #rrggbb, and a CRM status without its category, on their fields", async () => {
    const a = await admin();
    for (const color of ["red", "#12345", "#12345g", "url(x)"]) {
      const error = await failure(a.statuses.create({ type: "Order", name: "Mal color", color }));
      expect(fieldsOf(error).color).toBe("Color inválido (formato #rrggbb)");
    }
    expect(
      fieldsOf(await failure(a.statuses.create({ type: "Crm::Booking", name: "Sin categoría", color: "#000000" }))),
    ).toEqual({
      crm_category: "Elige la categoría",
    });
    const crm = await a.statuses.create({
      type: "Crm::Booking",
      name: "Llamar de nuevo",
      color: "#00aa00",
      crm_category: "initial",
    });
    expect(crm.id).toBeGreaterThan(0);
  });

  it("renames, recolours and flags a status finished; a taken name is a field error", async () => {
    const a = await admin();
    const { id } = await a.statuses.create({ type: "Order", name: "Esperando repuestos", color: "#aa0000" });
    await a.statuses.update({ id, name: "Esperando piezas", color: "#00AA00", finish: true });
    const [row] = await app.db().select().from(statuses).where(eq(statuses.id, id));
    expect(row).toMatchObject({ name: "Esperando piezas", color: "#00aa00", finish: true });
    expect(fieldsOf(await failure(a.statuses.update({ id, name: "Recepcionado" })))).toEqual({
      name: ADMIN_SETUP_TEXTS.statusTaken,
    });
  });

  it("moves the cancel flag to one finished order status, or clears it: one or none per company", async () => {
    const a = await admin();
    const cancelIds = async () => (await a.statuses.list()).statuses.filter((s) => s.cancel).map((s) => s.id);
    const [old] = await cancelIds();
    expect(old).toBeDefined();
    const { id } = await a.statuses.create({ type: "Order", name: "Cancelada", color: "#aa0000", finish: true });
    await a.statuses.update({ id, cancel: true });
    expect(await cancelIds()).toEqual([id]);
    // Unfinishing the cancel status, or marking a status that is not a finished order status, is a field error.
    expect(fieldsOf(await failure(a.statuses.update({ id, finish: false })))).toEqual({
      finish: ADMIN_SETUP_TEXTS.cancelNotFinished,
    });
    const open = fx().statusIds.Order[0]!;
    expect(fieldsOf(await failure(a.statuses.update({ id: open, cancel: true })))).toEqual({
      finish: ADMIN_SETUP_TEXTS.cancelNotFinished,
    });
    const budget = fx().statusIds.Budget[0]!;
    expect(fieldsOf(await failure(a.statuses.update({ id: budget, cancel: true, finish: true })))).toEqual({
      cancel: "Solo un estado de orden de trabajo puede ser el de anulación",
    });
    expect(await cancelIds()).toEqual([id]);
    // Two admins marking two statuses at once: both succeed in turn and one flag is left.
    const settled = await Promise.allSettled([
      a.statuses.update({ id: old!, cancel: true }),
      a.statuses.update({ id, cancel: true }),
    ]);
    expect(settled.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(await cancelIds()).toHaveLength(1);
    await a.statuses.update({ id: (await cancelIds())[0]!, cancel: false });
    expect(await cancelIds()).toEqual([]);
    await a.statuses.update({ id: old!, cancel: true });
    expect(await cancelIds()).toEqual([old]);
    // Another company's admin cannot move this company's flag.
    expect((await failure((await other()).statuses.update({ id, cancel: true }))).code).toBe("NOT_FOUND");
    expect(await cancelIds()).toEqual([old]);
  });

  it("marks finished budget statuses as approval ('Aprobado' in the demo), never another kind or an open one", async () => {
    const a = await admin();
    const approveNames = async () =>
      (await a.statuses.list()).statuses.filter((s) => s.approve).map((s) => `${s.type}:${s.name}`);
    expect(await approveNames()).toEqual(["Budget:Aprobado"]);
    const [draft, , , refused] = fx().statusIds.Budget;
    // Several may be approval; it is not a toggle across the company like the cancel status.
    const { id } = await a.statuses.create({
      type: "Budget",
      name: "Aprobado en parte",
      color: "#00aa00",
      finish: true,
    });
    await a.statuses.update({ id, approve: true });
    expect(await approveNames()).toEqual(["Budget:Aprobado", "Budget:Aprobado en parte"]);
    // An open budget status, unfinishing an approval one, or another type's status is a field error.
    expect(fieldsOf(await failure(a.statuses.update({ id: draft!, approve: true })))).toEqual({
      finish: ADMIN_SETUP_TEXTS.approveNotFinished,
    });
    expect(fieldsOf(await failure(a.statuses.update({ id, finish: false })))).toEqual({
      finish: ADMIN_SETUP_TEXTS.approveNotFinished,
    });
    const order = fx().statusIds.Order.at(-1)!;
    expect(fieldsOf(await failure(a.statuses.update({ id: order, approve: true })))).toEqual({
      approve: ADMIN_SETUP_TEXTS.approveNotBudget,
    });
    // Another company's admin cannot mark it, nor a role without the manager grant.
    expect((await failure((await other()).statuses.update({ id: refused!, approve: true }))).code).toBe("NOT_FOUND");
    const asesor = await callerFor("asesor@taller.demo");
    expect((await failure(asesor.statuses.update({ id: refused!, approve: true }))).code).toBe("FORBIDDEN");
    await a.statuses.update({ id, approve: false });
    await a.statuses.remove({ id });
    expect(await approveNames()).toEqual(["Budget:Aprobado"]);
  });

  it("reorders a type's statuses given all of them; a stale or foreign list is refused", async () => {
    const a = await admin();
    const ids = (await a.statuses.list()).statuses.filter((s) => s.type === "Order").map((s) => s.id);
    const reversed = [...ids].reverse();
    await a.statuses.reorder({ type: "Order", ids: reversed });
    expect((await a.statuses.list()).statuses.filter((s) => s.type === "Order").map((s) => s.id)).toEqual(reversed);
    expect((await failure(a.statuses.reorder({ type: "Order", ids: reversed.slice(1) }))).message).toBe(
      ADMIN_SETUP_TEXTS.reorderStale,
    );
    expect(
      (
        await failure(
          a.statuses.reorder({ type: "Order", ids: [...reversed.slice(1), app.fx().other.statusIds.Order[0] ?? 0] }),
        )
      ).code,
    ).toBe("NOT_FOUND");
    await a.statuses.reorder({ type: "Order", ids });
  });

  it("deletes an unused status with its transitions, and refuses one that documents use", async () => {
    const a = await admin();
    const used = fx().statusIds.Order[0] ?? 0;
    expect((await failure(a.statuses.remove({ id: used }))).message).toBe(ADMIN_SETUP_TEXTS.statusInUse);
    const usedCrm = fx().crmStatusIds[0] ?? 0;
    expect((await failure(a.statuses.remove({ id: usedCrm }))).message).toBe(ADMIN_SETUP_TEXTS.statusInUse);
    const { id } = await a.statuses.create({ type: "Order", name: "Temporal", color: "#123123" });
    await a.statuses.setTransitions({ from_status_id: used, to_status_ids: [fx().statusIds.Order[1] ?? 0, id] });
    await a.statuses.remove({ id });
    expect(await app.db().select().from(statuses).where(eq(statuses.id, id))).toEqual([]);
    expect(await app.db().select().from(statusTransitions).where(eq(statusTransitions.toStatusId, id))).toEqual([]);
    expect((await failure(a.statuses.remove({ id }))).code).toBe("NOT_FOUND");
  });

  it("replaces a status's transitions within its type; another type's or company's status is refused", async () => {
    const a = await admin();
    const [borrador, enviado, aprobado] = fx().statusIds.Budget as [number, number, number];
    await a.statuses.setTransitions({ from_status_id: borrador, to_status_ids: [enviado, aprobado] });
    await a.statuses.setTransitions({ from_status_id: borrador, to_status_ids: [enviado, aprobado] });
    const rows = async () =>
      (await a.statuses.list()).transitions
        .filter((t) => t.from_status_id === borrador)
        .map((t) => t.to_status_id)
        .sort((x, y) => x - y);
    expect(await rows()).toEqual([enviado, aprobado].sort((x, y) => x - y));
    await a.statuses.setTransitions({ from_status_id: borrador, to_status_ids: [enviado] });
    expect(await rows()).toEqual([enviado]);
    for (const target of [fx().statusIds.Order[0] ?? 0, app.fx().other.statusIds.Budget[0] ?? 0, borrador]) {
      const error = await failure(a.statuses.setTransitions({ from_status_id: borrador, to_status_ids: [target] }));
      expect(fieldsOf(error)).toEqual({ to_status_ids: ADMIN_SETUP_TEXTS.statusOtherType });
    }
    expect(await rows()).toEqual([enviado]);
    await a.statuses.setTransitions({ from_status_id: borrador, to_status_ids: [] });
    expect(await rows()).toEqual([]);
  });

  it("answers NOT_FOUND to another company's administrator for every write, and changes nothing", async () => {
    const o = await other();
    const id = fx().statusIds.Order[1] ?? 0;
    const before = await app.db().select().from(statuses).where(eq(statuses.id, id));
    expect((await failure(o.statuses.update({ id, name: "Robado" }))).code).toBe("NOT_FOUND");
    expect((await failure(o.statuses.remove({ id }))).code).toBe("NOT_FOUND");
    expect((await failure(o.statuses.setTransitions({ from_status_id: id, to_status_ids: [] }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await failure(o.statuses.reorder({ type: "Order", ids: fx().statusIds.Order }))).code).toBe("NOT_FOUND");
    expect(await app.db().select().from(statuses).where(eq(statuses.id, id))).toEqual(before);
  });
});

const requirement = {
  name: "Lavado de motor",
  duration_minutes: 45,
  price: 35000,
  speciality_id: null,
  next_requirement_id: null,
  next_after_months: null,
  next_after_kms: null,
};

describe("admin.requirements", () => {
  it("creates a requirement with its follow-up rule and lists it; a double submit creates one", async () => {
    const a = await admin();
    const next = fx().requirementIds[0] ?? 0;
    const input = { ...requirement, next_requirement_id: next, next_after_months: 6, next_after_kms: 10000 };
    const results = await Promise.allSettled([a.requirements.create(input), a.requirements.create(input)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fieldsOf(refused?.reason as TRPCError)).toEqual({ name: ADMIN_SETUP_TEXTS.requirementTaken });
    const listed = (await a.requirements.list()).requirements.find((r) => r.name === "Lavado de motor");
    expect(listed).toMatchObject(input);
  });

  it("refuses a rule without its delay, a delay without its rule, and out-of-range values, on their fields", async () => {
    const a = await admin();
    const next = fx().requirementIds[0] ?? 0;
    expect(
      fieldsOf(await failure(a.requirements.create({ ...requirement, name: "R1", next_requirement_id: next }))),
    ).toEqual({
      next_after_months: "Indica después de cuántos meses o kilómetros",
    });
    expect(
      fieldsOf(await failure(a.requirements.create({ ...requirement, name: "R2", next_after_kms: 5000 }))),
    ).toEqual({
      next_requirement_id: "Elige el requerimiento siguiente",
    });
    const bad = fieldsOf(
      await failure(a.requirements.create({ ...requirement, name: " ", price: -1, duration_minutes: 2 })),
    );
    expect(bad).toEqual({
      name: "Ingresa el nombre",
      price: "El precio no puede ser negativo",
      duration_minutes: "Mínimo 5 minutos",
    });
  });

  it("refuses another company's requirement or speciality as a reference", async () => {
    const a = await admin();
    const foreign = app.fx().other.requirementIds[0] ?? 0;
    const error = await failure(
      a.requirements.create({ ...requirement, name: "R3", next_requirement_id: foreign, next_after_months: 3 }),
    );
    expect(fieldsOf(error)).toEqual({ next_requirement_id: ADMIN_SETUP_TEXTS.unknownRequirement });
    expect(
      fieldsOf(await failure(a.requirements.create({ ...requirement, name: "R4", speciality_id: 2 ** 31 - 1 }))),
    ).toEqual({
      speciality_id: ADMIN_SETUP_TEXTS.unknownSpeciality,
    });
  });

  it("edits the rule the CRM reads, and deletes only a requirement no document names", async () => {
    const a = await admin();
    const since = await lastEventId();
    const { id } = await a.requirements.create({ ...requirement, name: "Tapiz" });
    const next = fx().requirementIds[1] ?? 0;
    await a.requirements.update({
      ...requirement,
      id,
      name: "Tapiz y limpieza",
      next_requirement_id: next,
      next_after_months: 12,
    });
    expect((await a.requirements.list()).requirements.find((r) => r.id === id)).toMatchObject({
      name: "Tapiz y limpieza",
      next_requirement_id: next,
      next_after_months: 12,
    });
    expect(
      fieldsOf(
        await failure(a.requirements.update({ ...requirement, id, next_requirement_id: id, next_after_months: 1 })),
      ),
    ).toEqual({
      next_requirement_id: "Elige otro requerimiento",
    });
    const used = fx().requirementIds[0] ?? 0;
    expect((await failure(a.requirements.remove({ id: used }))).message).toBe(ADMIN_SETUP_TEXTS.requirementInUse);
    await a.requirements.remove({ id });
    expect((await a.requirements.list()).requirements.some((r) => r.id === id)).toBe(false);
    expect((await setupEventsSince(since)).map((e) => e.payload)).toEqual([
      { what: "requirements" },
      { what: "requirements" },
      { what: "requirements" },
    ]);
  });

  it("answers NOT_FOUND to another company's administrator", async () => {
    const o = await other();
    const id = fx().requirementIds[0] ?? 0;
    expect((await failure(o.requirements.update({ ...requirement, id, name: "Robado" }))).code).toBe("NOT_FOUND");
    expect((await failure(o.requirements.remove({ id }))).code).toBe("NOT_FOUND");
  });
});

const day = { enabled: true, start_time: "09:00", end_time: "18:00" };
const days = {
  "1": day,
  "2": day,
  "3": day,
  "4": day,
  "5": day,
  "6": { ...day, end_time: "13:00" },
  "7": { ...day, enabled: false },
};

describe("admin.preferences", () => {
  it("saves the edited preferences, keeps the rest of the document, and announces the change", async () => {
    const o = await other();
    const companyId = app.fx().other.companyId;
    const [before] = await app
      .db()
      .select({ preferences: companies.preferences })
      .from(companies)
      .where(eq(companies.id, companyId));
    const current = await o.preferences.get();
    const since = await lastEventId();
    await o.preferences.update({
      ...current,
      booking_type: "professional",
      booking_addon: { allowed_domains: "  https://tienda.otro.cl   *.otro.cl ", background_color: "#EEEEEE" },
      workpoint_logout_time: 0,
      terms: {
        ...current.terms,
        object: { singular: "Moto", plural: "Motos", gender: "f" },
        crm: { singular: "Seguimiento", plural: "Seguimientos" },
      },
      modules: [
        { key: "crm", name: "Seguimientos", visible: true },
        { key: "order", name: "Órdenes", visible: false },
      ],
      days_preferences: { max_bookings: 4, time_interval: 15, days },
      allow_negative_stock: true,
    });
    const after = await o.preferences.get();
    expect(after).toMatchObject({
      booking_type: "professional",
      booking_addon: { allowed_domains: "https://tienda.otro.cl *.otro.cl", background_color: "#eeeeee" },
      workpoint_logout_time: 0,
      // The gender chosen is kept: 'Esta moto', whatever the word's ending.
      terms: { object: { singular: "Moto", gender: "f" }, crm: { singular: "Seguimiento", plural: "Seguimientos" } },
      days_preferences: { max_bookings: 4, time_interval: 15 },
      allow_negative_stock: true,
    });
    expect(after.modules.map((m) => m.key)).toEqual(["crm", "order"]);
    const [row] = await app
      .db()
      .select({ preferences: companies.preferences })
      .from(companies)
      .where(eq(companies.id, companyId));
    expect(row?.preferences.logo).toEqual(before?.preferences.logo);
    expect(row?.preferences.booking_role_ids).toEqual(before?.preferences.booking_role_ids);
    expect(row?.preferences.allow_negative_stock).toBe(true);
    expect(await setupEventsSince(since)).toEqual([{ payload: { what: "preferences" }, companyId }]);
    // Left out, the setting stays as it is.
    const { allow_negative_stock: _kept, ...withoutStock } = after;
    await o.preferences.update(withoutStock);
    expect((await o.preferences.get()).allow_negative_stock).toBe(true);
    // Taller Demo's preferences are its own.
    expect((await (await admin()).preferences.get()).booking_addon.allowed_domains).not.toContain("otro.cl");
  });

  it("refuses domains a frame-ancestors header cannot carry, bad colours, repeated modules and hours out of order", async () => {
    const o = await other();
    const current = await o.preferences.get();
    const bad = async (change: Partial<typeof current>) =>
      fieldsOf(await failure(o.preferences.update({ ...current, ...change })));
    expect(
      await bad({ booking_addon: { allowed_domains: "a.cl https://b.cl;script-src", background_color: "#ffffff" } }),
    ).toEqual({
      "booking_addon.allowed_domains": "Dominio inválido: https://b.cl;script-src",
    });
    expect(await bad({ booking_addon: { allowed_domains: "", background_color: "white" } })).toEqual({
      "booking_addon.background_color": "Color inválido (formato #rrggbb)",
    });
    expect(
      await bad({
        modules: [
          { key: "crm", name: "A", visible: true },
          { key: "crm", name: "B", visible: true },
        ],
      }),
    ).toEqual({ modules: "Módulos repetidos" });
    expect(
      await bad({
        days_preferences: {
          ...current.days_preferences,
          days: { ...days, "2": { enabled: true, start_time: "18:00", end_time: "09:00" } },
        },
      }),
    ).toEqual({
      "days_preferences.days.2.end_time": "La hora de término debe ser posterior a la de inicio",
    });
    expect(await bad({ workpoint_logout_time: -1 })).toEqual({ workpoint_logout_time: "0 o más segundos" });
    expect(await o.preferences.get()).toEqual(current);
  });

  it("is refused to roles without the manager grant", async () => {
    expect((await failure((await callerFor("asesor@taller.demo")).preferences.get())).code).toBe("FORBIDDEN");
  });

  it("sets the logo from the administrator's own uploaded picture only, clears it, and announces both", async () => {
    const o = await other();
    const other_ = app.fx().other;
    const adminId = other_.userIds["admin@otro.demo"] ?? 0;
    const demoAdminId = fx().userIds["admin@taller.demo"] ?? 0;
    const fileId = (tag: string) => `logo${tag}`.padEnd(24, "x");
    await app
      .db()
      .insert(files)
      .values([
        {
          id: fileId("own"),
          companyId: other_.companyId,
          userId: adminId,
          contentType: "image/png",
          size: 10,
          name: "logo.png",
        },
        {
          id: fileId("pdf"),
          companyId: other_.companyId,
          userId: adminId,
          contentType: "application/pdf",
          size: 10,
          name: "logo.pdf",
        },
        {
          id: fileId("demo"),
          companyId: fx().companyId,
          userId: demoAdminId,
          contentType: "image/png",
          size: 10,
          name: "logo.png",
        },
      ]);
    const logoOf = async (companyId: number) =>
      (
        await app.db().select({ preferences: companies.preferences }).from(companies).where(eq(companies.id, companyId))
      )[0]?.preferences.logo;
    const demoLogo = await logoOf(fx().companyId);

    const since = await lastEventId();
    expect(await o.preferences.setLogo({ logo: `/files/${fileId("own")}` })).toEqual({
      logo: `/files/${fileId("own")}`,
    });
    expect(await logoOf(other_.companyId)).toBe(`/files/${fileId("own")}`);
    // Another company's picture (its id seen somewhere), a file that is no picture, and URLs that are no upload.
    for (const logo of [
      `/files/${fileId("demo")}`,
      `/files/${fileId("pdf")}`,
      "https://evil.example/logo.png",
      "javascript:alert(1)",
    ]) {
      expect((await failure(o.preferences.setLogo({ logo }))).code).toBe("NOT_FOUND");
    }
    expect(await logoOf(other_.companyId)).toBe(`/files/${fileId("own")}`);
    await o.preferences.setLogo({ logo: null });
    expect(await logoOf(other_.companyId)).toBeNull();
    expect(await logoOf(fx().companyId)).toEqual(demoLogo);
    expect(await setupEventsSince(since)).toEqual([
      { payload: { what: "preferences" }, companyId: other_.companyId },
      { payload: { what: "preferences" }, companyId: other_.companyId },
    ]);
    expect((await failure((await callerFor("asesor@taller.demo")).preferences.setLogo({ logo: null }))).code).toBe(
      "FORBIDDEN",
    );
  });
});
