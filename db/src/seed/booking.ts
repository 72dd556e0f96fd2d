// The agenda's demo data: professionals with specialities and block hours, a month of bookings in every display
// state, blocks, e-mail bookings, and the CRM case whose client booking link the server prints at start.
// Taller Demo books per professional, Otro Taller by capacity. Its own random stream, so the rest of the demo stays
// as it was.
import { createHash } from "node:crypto";
import { companyPreferencesSchema, present, type BookingKind, type BookingMode } from "@taller/core";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  blockHours,
  bookingBlocks,
  bookings,
  companies,
  crms,
  documentTokens,
  externalMails,
  requirements,
  specialities,
  userSpecialities,
  users,
} from "../schema";
import { chileanHolidays } from "./data";
import { createRandom } from "./random";

/**
 * The demo CRM case's booking-link token, per company domain. Published like the demo password: anyone may open the
 * demo case. A real case's token is random (the CRM issue issues them); only its sha-256 is stored.
 */
export const demoCrmToken = (domain: string) => `demo-crm-${domain.replace(/[^a-z0-9]+/gi, "-")}`;

export interface BookingSeedInput {
  companyId: number;
  domain: string;
  mode: BookingMode;
  seed: number;
  passwordHash: string;
  /** The role whose users are professionals (Técnico). */
  professionalRoleId: number;
  /** Existing users of that role, professionals too. */
  professionalUserIds: number[];
  /** Extra professionals to create (professional mode). */
  extraProfessionals: { email: string; name: string }[];
  vehicles: { id: number; clientId: number | null }[];
  orders: { id: number; vehicleId: number | null; clientId: number | null }[];
  locationIds: number[];
  requirementIds: number[];
}

export interface BookingFixture {
  bookingIds: number[];
  professionalIds: number[];
  crmId: number;
  crmToken: string;
  externalMailIds: number[];
}

const DAY = 86_400_000;
const localDate = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago" }).format(ms);
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

type BookingRow = typeof bookings.$inferInsert;

export async function seedBookings(db: Db, input: BookingSeedInput): Promise<BookingFixture> {
  const { companyId, mode } = input;
  const r = createRandom(input.seed);
  const location = present(input.locationIds[0], "first location");
  const today = localDate(Date.now());
  const holidays = new Set(
    [...chileanHolidays(Number(today.slice(0, 4))), ...chileanHolidays(Number(today.slice(0, 4)) + 1)].map(
      (h) => h.date,
    ),
  );

  // Preferences: the booking mode and the professionals' role.
  const [company] = await db
    .select({ preferences: companies.preferences })
    .from(companies)
    .where(eq(companies.id, companyId));
  const preferences = companyPreferencesSchema.parse({
    ...present(company, "company").preferences,
    booking_type: mode,
    booking_role_ids: [input.professionalRoleId],
  });
  await db.update(companies).set({ preferences }).where(eq(companies.id, companyId));

  // Professionals, specialities (a requirement needs one; a professional without any takes everything) and block hours.
  const extra = input.extraProfessionals.length
    ? await db
        .insert(users)
        .values(
          input.extraProfessionals.map((p) => ({
            companyId,
            roleId: input.professionalRoleId,
            name: p.name,
            email: p.email,
            passwordHash: input.passwordHash,
          })),
        )
        .returning({ id: users.id })
    : [];
  const professionalIds = [...input.professionalUserIds, ...extra.map((u) => u.id)];
  const specialityRows = await db
    .insert(specialities)
    .values(["Mecánica", "Pintura", "Electricidad"].map((name) => ({ companyId, name })))
    .returning({ id: specialities.id });
  const [mechanics, paint, electrics] = specialityRows.map((s) => s.id);
  // Requirements 1-2 (maintenance) need mechanics, 4 (brakes) too, 7 (technical review) electrics.
  for (const [index, speciality] of [
    [0, mechanics],
    [1, mechanics],
    [3, mechanics],
    [6, electrics],
  ] as const) {
    const requirementId = input.requirementIds[index];
    if (requirementId !== undefined && speciality !== undefined) {
      await db.update(requirements).set({ specialityId: speciality }).where(eq(requirements.id, requirementId));
    }
  }
  const [first, second, third] = professionalIds;
  if (mode === "professional" && second !== undefined && third !== undefined && mechanics && paint && electrics) {
    await db.insert(userSpecialities).values([
      { companyId, userId: second, specialityId: mechanics, enable: true },
      { companyId, userId: second, specialityId: electrics, enable: false },
      { companyId, userId: third, specialityId: paint, enable: true },
    ]);
  }
  if (mode === "professional" && first !== undefined && second !== undefined) {
    await db
      .insert(blockHours)
      .values([
        ...[1, 2, 3, 4, 5].map((day) => ({ companyId, userId: first, day, startTime: "13:00", endTime: "14:00" })),
        { companyId, userId: second, day: 3, startTime: "09:00", endTime: "11:00" },
        { companyId, userId: second, day: 6, startTime: "09:00", endTime: "13:00", enabled: false },
      ]);
  }

  // A month of bookings: two weeks back (checked in, confirmed, missed, re-entries) and two and a half ahead.
  const agendaVehicles = input.vehicles.filter((_, i) => i % 7 === 3);
  const rows: BookingRow[] = [];
  const owners = mode === "professional" ? professionalIds : [null, null];
  for (let offset = -14; offset <= 17; offset++) {
    const date = addDays(today, offset);
    const wd = weekday(date);
    if (wd === 7 || holidays.has(date)) continue;
    const times = wd === 6 ? ["09:00", "11:00"] : ["09:00", "11:00", "15:00"];
    for (const owner of owners) {
      for (const time of times) {
        if (r.chance(0.3)) continue;
        // Marta's Wednesday mornings are blocked.
        if (owner === second && wd === 3 && time === "09:00") continue;
        const past = offset < 0;
        const order = past && r.chance(0.45) ? r.pick(input.orders) : null;
        const vehicle = order
          ? { id: order.vehicleId, clientId: order.clientId }
          : past
            ? r.pick(input.vehicles)
            : r.pick(agendaVehicles);
        const kind: BookingKind = r.chance(0.1) ? "reentry" : "booking";
        rows.push({
          companyId,
          vehicleId: vehicle.id,
          clientId: vehicle.clientId,
          locationId: location,
          userId: owner,
          requirementId: r.pick(input.requirementIds),
          bookingDate: date,
          bookingTime: time,
          duration: r.pick([30, 45, 60, 90, 120]),
          from: r.pick(["agenda", "crm", "vehicles"]),
          bookingType: kind,
          confirmed: !order && r.chance(0.4),
          nonAttendance: past && !order && r.chance(0.4),
          orderId: order?.id ?? null,
          checkInTime: order ? new Date(Date.parse(`${date}T${time}:00-03:00`)) : null,
          comment: r.chance(0.3) ? "Cliente confirma por WhatsApp" : null,
        });
      }
    }
  }
  const inserted = await db
    .insert(bookings)
    .values(rows)
    .returning({ id: bookings.id, date: bookings.bookingDate, vehicleId: bookings.vehicleId });

  // Rescheduled: a few future bookings came from an earlier one, marked 'Reagendado' and linked both ways (a
  // statement per step for all of them).
  const moved = inserted
    .filter((b) => b.date > today)
    .filter((_, i) => i % 9 === 0)
    .flatMap((target) => {
      const source = rows.find((_, i) => inserted[i]?.id === target.id);
      return source ? [{ target, source }] : [];
    });
  if (moved.length > 0) {
    const olds = await db
      .insert(bookings)
      .values(
        moved.map(({ target, source }) => ({
          ...source,
          bookingDate: addDays(target.date, -1),
          bookingTime: "10:00",
          rescheduled: true,
          confirmed: false,
          rescheduledFor: null,
        })),
      )
      .returning({ id: bookings.id });
    const links = moved.map(
      ({ target }, i) => sql`(${present(olds[i], "rescheduled booking").id}::int, ${target.id}::int)`,
    );
    await db.execute(sql`
      UPDATE bookings b SET rescheduled_for = v.target FROM (VALUES ${sql.join(links, sql`, `)}) AS v(old, target)
      WHERE b.id = v.old`);
    await db.execute(sql`
      UPDATE bookings b SET rescheduled_from = v.old, comment = 'Reagendada a pedido del cliente'
      FROM (VALUES ${sql.join(links, sql`, `)}) AS v(old, target)
      WHERE b.id = v.target`);
  }

  // Blocks: a whole day, an hour for everyone, a professional's hour, and one toggled off again.
  const workday = (from: number) => {
    for (let d = addDays(today, from); ; d = addDays(d, 1)) if (weekday(d) < 6 && !holidays.has(d)) return d;
  };
  await db
    .insert(bookingBlocks)
    .values([
      { companyId, date: workday(10), hour: null, userId: null },
      { companyId, date: workday(2), hour: "12:00", userId: null },
      { companyId, date: workday(4), hour: "16:00", userId: null, active: false },
      ...(first !== undefined && mode === "professional"
        ? [{ companyId, date: workday(3), hour: "10:00", userId: first }]
        : []),
    ]);

  // A booking follow-up case for a vehicle without a booking, and its client link.
  const vehicle = present(
    input.vehicles.find((_, i) => i % 7 !== 3),
    "a vehicle without a booking",
  );
  const [crm] = await db
    .insert(crms)
    .values({
      companyId,
      kind: "booking",
      clientId: vehicle.clientId,
      vehicleId: vehicle.id,
      requirementId: present(input.requirementIds[4], "the diagnosis requirement"),
      locationId: location,
    })
    .returning({ id: crms.id });
  const crmId = present(crm, "inserted crm").id;
  const crmToken = demoCrmToken(input.domain);
  await db.insert(documentTokens).values({
    companyId,
    kind: "crm_token",
    tokenHash: createHash("sha256").update(crmToken).digest("hex"),
    documentType: "Crm",
    documentId: crmId,
  });

  // Bookings that arrived by e-mail: one new, one read, one that became a booking.
  const booked = inserted.find((b) => b.date > today);
  const mailDay = addDays(today, 3);
  const mails = await db
    .insert(externalMails)
    .values(
      [
        {
          messageId: `<demo-1@${input.domain}>`,
          client: "Carla Correo",
          plate: "KXPT21",
          readed: false,
          bookingId: null,
        },
        { messageId: `<demo-2@${input.domain}>`, client: "Mario Mail", plate: "HJKL34", readed: true, bookingId: null },
        {
          messageId: `<demo-3@${input.domain}>`,
          client: "Berta Buzón",
          plate: "FGRT56",
          readed: true,
          bookingId: booked?.id ?? null,
        },
      ].map((m, i) => ({
        companyId,
        locationId: location,
        messageId: m.messageId,
        readed: m.readed,
        isBooked: m.bookingId !== null,
        bookingId: m.bookingId,
        data: {
          location_name: null,
          client_rut: null,
          client_name: m.client,
          identifier: m.plate,
          requirement_name: "Mantención 10.000 km",
          booking_date: m.bookingId !== null && booked ? booked.date : mailDay,
          booking_time: `${10 + i}:00`,
        },
      })),
    )
    .returning({ id: externalMails.id });

  return {
    bookingIds: inserted.map((b) => b.id),
    professionalIds,
    crmId,
    crmToken,
    externalMailIds: mails.map((m) => m.id),
  };
}

/** The demo CRM links that still open a case (their tokens exist): the server prints them at start. */
export async function demoCrmLinks(db: Db): Promise<{ company: string; token: string }[]> {
  const rows = await db
    .select({ company: companies.name, domain: companies.domain, tokenHash: documentTokens.tokenHash })
    .from(companies)
    .innerJoin(documentTokens, eq(documentTokens.companyId, companies.id))
    .where(eq(documentTokens.kind, "crm_token"));
  return rows
    .map((row) => ({ company: row.company, token: demoCrmToken(row.domain), tokenHash: row.tokenHash }))
    .filter((row) => createHash("sha256").update(row.token).digest("hex") === row.tokenHash)
    .map(({ company, token }) => ({ company, token }));
}
