// Taller Demo's regular clients (issue 11): clients with a rating and a vehicle each, whose orders were delivered
// 4 to 24 months ago, before the demo's recent orders. Their last services fall due (by months, some by
// kilometres), so the CRM's retention job has due requirements to follow up when the server starts, and the clients
// table has a few hundred rows to filter by rating. Its own random stream, so the rest of the demo stays as it was.
import { present } from "@taller/core";
import type { Db } from "../client";
import { clients, orders, vehicles } from "../schema";
import { COMMENTS } from "./data";
import type { CompanyBase } from "./demo";
import { clientRow, vehicleRow } from "./people";
import { createRandom } from "./random";

export interface HistorySeed {
  clientIds: number[];
  vehicleIds: number[];
  /** In correlative order: the company's orders 1 to n. */
  orderIds: number[];
}

const DAY = 86_400_000;

/**
 * `count` clients numbered from `firstIndex` (their e-mails and plates follow the demo's), one vehicle each, and one
 * or two delivered (or cancelled) orders per vehicle, numbered 1 to n by check-in: the recent orders come after.
 */
export async function seedHistory(
  db: Db,
  base: CompanyBase,
  opts: { seed: number; year: number; count: number; firstIndex: number },
): Promise<HistorySeed> {
  if (opts.count === 0) return { clientIds: [], vehicleIds: [], orderIds: [] };
  const r = createRandom(opts.seed);
  const { companyId } = base;
  const clientRows = await db
    .insert(clients)
    .values(Array.from({ length: opts.count }, (_, i) => clientRow(r, companyId, opts.firstIndex + i)))
    .returning({ id: clients.id });
  const vehicleRows = await db
    .insert(vehicles)
    .values(clientRows.map((c, i) => vehicleRow(r, base, opts.year, opts.firstIndex + i, c.id)))
    .returning({ id: vehicles.id, clientId: vehicles.clientId, kms: vehicles.kms });

  const advisors = Object.values(base.userIds);
  const now = Date.now();
  const visits = vehicleRows.flatMap((vehicle) => {
    // 130 to 730 days ago: older than the demo's recent orders (the last 120 days).
    const first = r.int(330, 730);
    const ages = r.chance(0.4) ? [first, r.int(130, first - 120)] : [r.int(130, first)];
    return ages.map((age, n) => ({ vehicle, age, kmsBack: (ages.length - n) * r.int(4_000, 12_000) }));
  });
  visits.sort((a, b) => b.age - a.age);
  const orderRows = await db
    .insert(orders)
    .values(
      visits.map(({ vehicle, age, kmsBack }, i) => {
        const day = new Date(now - age * DAY);
        // Opening hours in Santiago, as the recent orders.
        const checkIn = new Date(
          Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 12, 30) + r.int(0, 9 * 60) * 60_000,
        );
        const delivered = r.chance(0.93);
        const completedAt = new Date(checkIn.getTime() + r.int(1, 5) * DAY);
        return {
          companyId,
          correlativeId: i + 1,
          statusId: present(base.statusIds.Order[delivered ? 5 : 6], "order status"),
          requirementId: r.pick(base.requirementIds),
          clientId: vehicle.clientId,
          vehicleId: vehicle.id,
          locationId: r.pick(base.locationIds),
          userId: r.pick(advisors),
          assigneeId: r.chance(0.7) ? r.pick(advisors) : null,
          checkInTime: checkIn,
          finishDate: completedAt.toISOString().slice(0, 10),
          completedAt: delivered ? completedAt : null,
          endedAt: delivered ? new Date(completedAt.getTime() + r.int(0, 2) * DAY + 3600_000) : null,
          kms: Math.max(0, (vehicle.kms ?? 0) - kmsBack),
          comment: r.pick(COMMENTS),
          from: r.pick(["recepción", "crm", "agenda"]),
          total: r.int(2, 90) * 10_000 + r.pick([0, 990, 4500]),
        };
      }),
    )
    .returning({ id: orders.id });
  return {
    clientIds: clientRows.map((c) => c.id),
    vehicleIds: vehicleRows.map((v) => v.id),
    orderIds: orderRows.map((o) => o.id),
  };
}
