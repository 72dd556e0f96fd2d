// The agenda's demo data: bookings and the CRM case whose client booking link the server prints at start.
import { createHash } from "node:crypto";
import { present } from "@taller/core";
import type { Db } from "../client";
import { bookings, crms, documentTokens, externalMails } from "../schema";
import type { Random } from "./random";

/**
 * The demo CRM case's booking-link token, per company domain. Published like the demo password: anyone may open the
 * demo case. A real case's token is random (the CRM issue issues them); only its sha-256 is stored.
 */
export const demoCrmToken = (domain: string) => `demo-crm-${domain.replace(/[^a-z0-9]+/gi, "-")}`;

export interface BookingSeedInput {
  companyId: number;
  domain: string;
  r: Random;
  now: number;
  vehicles: { id: number; clientId: number | null }[];
  locationIds: number[];
  requirementIds: number[];
}

export interface BookingFixture {
  bookingIds: number[];
  crmId: number;
  crmToken: string;
  externalMailIds: number[];
}

export async function seedBookings(db: Db, input: BookingSeedInput): Promise<BookingFixture> {
  const { companyId, r, now, vehicles, locationIds, requirementIds } = input;
  const location = present(locationIds[0], "first location");
  // Future bookings for some vehicles without an open order: they show as "Agendado".
  const bookingValues = vehicles
    .filter((_, i) => i % 7 === 3)
    .map((v, i) => ({
      companyId,
      vehicleId: v.id,
      clientId: v.clientId,
      locationId: location,
      requirementId: r.pick(requirementIds),
      bookingDate: new Date(now + (i + 2) * 86400_000).toISOString().slice(0, 10),
      bookingTime: `${String(9 + (i % 8)).padStart(2, "0")}:00`,
    }));
  const bookingRows = bookingValues.length ? await db.insert(bookings).values(bookingValues).returning({ id: bookings.id }) : [];

  // A booking follow-up case for a vehicle without a booking, and its client link.
  const vehicle = present(vehicles.find((_, i) => i % 7 !== 3), "a vehicle without a booking");
  const [crm] = await db
    .insert(crms)
    .values({
      companyId,
      correlativeId: 1,
      kind: "booking",
      clientId: vehicle.clientId,
      vehicleId: vehicle.id,
      requirementId: present(requirementIds[0], "first requirement"),
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
  // A booking that arrived by e-mail and is not booked yet.
  const mails = await db
    .insert(externalMails)
    .values({
      companyId,
      locationId: location,
      messageId: `<demo-1@${input.domain}>`,
      data: {
        location_name: null,
        client_rut: null,
        client_name: "Cliente por correo",
        identifier: "KXPT21",
        requirement_name: null,
        booking_date: new Date(now + 3 * 86400_000).toISOString().slice(0, 10),
        booking_time: "10:00",
      },
    })
    .returning({ id: externalMails.id });
  return { bookingIds: bookingRows.map((b) => b.id), crmId, crmToken, externalMailIds: mails.map((m) => m.id) };
}
