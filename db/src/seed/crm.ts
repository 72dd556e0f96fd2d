// CRM demo data (issue 11): requirements' follow-up rules and prices, and managements of every kind in every
// category, spread over the past year so each date range of the lists shows something. The generation jobs of
// packages/crm add what the agenda's past bookings and due clients call for when the server starts.
import { present } from "@taller/core";
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { bookings, crms, orders, requirements, statuses } from "../schema";
import { createRandom } from "./random";

/** Follow-up rules by requirement name: the next service, after how many months or kilometres, and prices. */
const RULES: Record<string, { next: string; months: number | null; kms: number | null }> = {
  "Mantención 10.000 km": { next: "Mantención 20.000 km", months: 6, kms: 10_000 },
  "Mantención 20.000 km": { next: "Mantención 10.000 km", months: 6, kms: 10_000 },
  "Cambio de aceite": { next: "Cambio de aceite", months: 6, kms: 5_000 },
  Frenos: { next: "Frenos", months: 12, kms: null },
  "Revisión técnica": { next: "Revisión técnica", months: 12, kms: null },
};
const PRICES: Record<string, number> = {
  "Mantención 10.000 km": 129_990,
  "Mantención 20.000 km": 189_990,
  "Cambio de aceite": 49_990,
  Frenos: 119_990,
  Diagnóstico: 29_990,
  "Alineación y balanceo": 34_990,
  "Revisión técnica": 39_990,
  Garantía: 0,
};

export interface CrmSeed {
  crmIds: number[];
  crmStatusIds: number[];
}

export async function seedCrm(db: Db, input: { companyId: number; seed: number; userIds: number[] }): Promise<CrmSeed> {
  const { companyId } = input;
  const r = createRandom(input.seed);
  const reqs = await db
    .select({ id: requirements.id, name: requirements.name })
    .from(requirements)
    .where(eq(requirements.companyId, companyId));
  const byName = new Map(reqs.map((q) => [q.name, q.id]));
  for (const q of reqs) {
    const rule = RULES[q.name];
    await db
      .update(requirements)
      .set({
        price: PRICES[q.name] ?? 0,
        nextRequirementId: rule ? (byName.get(rule.next) ?? null) : null,
        nextAfterMonths: rule?.months ?? null,
        nextAfterKms: rule?.kms ?? null,
      })
      .where(eq(requirements.id, q.id));
  }
  const statusRows = await db
    .select({ id: statuses.id, category: statuses.crmCategory })
    .from(statuses)
    .where(and(eq(statuses.companyId, companyId), eq(statuses.type, "Crm::Booking")))
    .orderBy(statuses.position, statuses.id);
  const statusOf = (category: string) =>
    present(
      statusRows.find((s) => s.category === category),
      `a ${category} status`,
    ).id;
  // The demo's contacted status: the second 'initial' one ('Contactado') when there is one.
  const contacted = statusRows.filter((s) => s.category === "initial")[1]?.id ?? statusOf("initial");

  const now = Date.now();
  const daysAgo = (n: number) => new Date(now - n * 86400_000 - r.int(0, 8 * 3600) * 1000);
  const plan = (i: number) => {
    // Every category, and ages spread over today, this week, this month, last month, this year and last year.
    const ages = [0, 3, 12, 40, 150, 420];
    const category = present(
      (["initial", "initial", "on_hold", "failed", "booked", "completed"] as const)[i % 6],
      "category",
    );
    return { category, createdAt: daysAgo(present(ages[Math.floor(i / 6) % ages.length], "age") + r.int(0, 2)) };
  };
  const statusFor = (category: string) =>
    category === "on_hold"
      ? contacted
      : category === "initial"
        ? r.pick([statusOf("initial"), contacted])
        : statusOf(category);

  // Retentions: orders whose requirement has a follow-up rule, once per (order, next requirement).
  const ruled = new Set(reqs.filter((q) => RULES[q.name]).map((q) => q.id));
  const orderRows = (
    await db
      .select({
        id: orders.id,
        clientId: orders.clientId,
        vehicleId: orders.vehicleId,
        requirementId: orders.requirementId,
        locationId: orders.locationId,
        checkInTime: orders.checkInTime,
      })
      .from(orders)
      .where(eq(orders.companyId, companyId))
      .orderBy(orders.id)
  ).filter((o) => o.requirementId !== null && ruled.has(o.requirementId));
  const retentions = orderRows.slice(0, 30).map((o, i) => {
    const p = plan(i);
    const category = p.category === "booked" ? "initial" : p.category;
    const fromName = present(
      reqs.find((q) => q.id === o.requirementId),
      "order requirement",
    ).name;
    const rule = present(RULES[fromName], "rule");
    const next = present(byName.get(rule.next), "next requirement");
    const estimated = PRICES[rule.next] ?? 0;
    const due = new Date(o.checkInTime.getTime() + (rule.months ?? 6) * 30 * 86400_000).toISOString().slice(0, 10);
    return {
      companyId,
      kind: "retention" as const,
      statusId: statusFor(category),
      onHold: category === "on_hold",
      clientId: o.clientId,
      vehicleId: o.vehicleId,
      fromRequirementId: o.requirementId,
      requirementId: next,
      lastOrderId: o.id,
      locationId: o.locationId,
      scheduledFor: due,
      estimatedAmount: estimated,
      recoveredAmount: category === "completed" ? estimated : 0,
      userId: i % 3 === 0 ? r.pick(input.userIds) : null,
      createdAt: p.createdAt,
      lastContactedAt: category === "initial" ? null : p.createdAt,
      comment: category === "failed" ? "Cliente vendió el vehículo" : null,
    };
  });

  // Absences and booking follow-ups: the agenda's bookings (each used once per kind).
  const bookingRows = await db
    .select({
      id: bookings.id,
      clientId: bookings.clientId,
      vehicleId: bookings.vehicleId,
      requirementId: bookings.requirementId,
      locationId: bookings.locationId,
      userId: bookings.userId,
      createdBy: bookings.createdBy,
    })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.rescheduled, false)))
    .orderBy(bookings.id);
  const absences = bookingRows.slice(0, 24).map((b, i) => {
    const p = plan(i);
    const estimated = PRICES[reqs.find((q) => q.id === b.requirementId)?.name ?? ""] ?? 39_990;
    return {
      companyId,
      kind: "absence" as const,
      statusId: statusFor(p.category),
      onHold: p.category === "on_hold",
      clientId: b.clientId,
      vehicleId: b.vehicleId,
      requirementId: b.requirementId,
      sourceBookingId: b.id,
      locationId: b.locationId,
      estimatedAmount: estimated,
      recoveredAmount: p.category === "completed" ? estimated : 0,
      userId: b.userId,
      createdAt: p.createdAt,
      lastContactedAt: p.category === "initial" ? null : p.createdAt,
    };
  });
  const followUps = bookingRows.slice(0, 18).map((b, i) => {
    const p = plan(i + 2);
    return {
      companyId,
      kind: "booking" as const,
      statusId: statusFor(p.category),
      onHold: p.category === "on_hold",
      clientId: b.clientId,
      vehicleId: b.vehicleId,
      requirementId: b.requirementId,
      bookingId: b.id,
      locationId: b.locationId,
      userId: b.userId,
      generatedBy: b.createdBy,
      createdAt: p.createdAt,
    };
  });
  const rows = [...retentions, ...absences, ...followUps];
  const inserted = rows.length
    ? await db.insert(crms).values(rows).onConflictDoNothing().returning({ id: crms.id })
    : [];
  return { crmIds: inserted.map((c) => c.id), crmStatusIds: statusRows.map((s) => s.id) };
}
