import { CRM_CATEGORIES, idSchema, type Instant } from "@taller/core";
import {
  bookings,
  brandModels,
  brands,
  budgets,
  clients,
  crms,
  instantText,
  orders,
  requirements,
  statuses,
  termNotFound,
  vehiclePlateHistory,
  vehicles,
  type Db,
} from "@taller/db";
import { can, documentOwner, ownedDocument, staffProcedure, TRPCError, type DocumentReader } from "@taller/trpc";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { ownedVehicle } from "./list-query";

/** Each of the page's lists shows at most this many, newest first. */
export const RECENT = 20;

const instant = (column: SQL.Aliased | SQL | { getSQL(): SQL }) => sql<Instant>`${instantText(sql`${column}`)}`;
// The aliases ownedDocument's conditions name (o: an order, bk: a booking, k: a CRM case).
const o = alias(orders, "o");
const bk = alias(bookings, "bk");
const k = alias(crms, "k");
const b = alias(budgets, "b");
const orderStatus = alias(statuses, "os");
const budgetStatus = alias(statuses, "bs");
const crmStatus = alias(statuses, "ks");

/** A CRM case still being worked: not completed, not lost. */
const OPEN_CRM_CATEGORIES = CRM_CATEGORIES.filter((c) => c !== "completed" && c !== "failed");

interface At {
  db: Db;
  companyId: number;
  vehicleId: number;
}

function vehicleOrders({ db, companyId, vehicleId }: At, ownerId: number | null) {
  return db
    .select({
      id: o.id,
      correlative_id: o.correlativeId,
      check_in_time: instant(o.checkInTime),
      status_name: orderStatus.name,
      status_color: orderStatus.color,
      requirement_name: requirements.name,
      total: o.total,
    })
    .from(o)
    .innerJoin(orderStatus, and(eq(orderStatus.companyId, o.companyId), eq(orderStatus.id, o.statusId)))
    .leftJoin(requirements, and(eq(requirements.companyId, o.companyId), eq(requirements.id, o.requirementId)))
    .where(and(eq(o.companyId, companyId), eq(o.vehicleId, vehicleId), ownedDocument("Order", ownerId)))
    .orderBy(desc(o.checkInTime), desc(o.id))
    .limit(RECENT);
}

function vehicleBookings({ db, companyId, vehicleId }: At, ownerId: number | null) {
  return db
    .select({
      id: bk.id,
      booking_date: bk.bookingDate,
      booking_time: sql<string>`to_char(${bk.bookingTime}, 'HH24:MI')`,
      requirement_name: requirements.name,
      confirmed: bk.confirmed,
      non_attendance: bk.nonAttendance,
      order_id: bk.orderId,
    })
    .from(bk)
    .leftJoin(requirements, and(eq(requirements.companyId, bk.companyId), eq(requirements.id, bk.requirementId)))
    .where(and(eq(bk.companyId, companyId), eq(bk.vehicleId, vehicleId), ownedDocument("Booking", ownerId)))
    .orderBy(desc(bk.startAt), desc(bk.id))
    .limit(RECENT);
}

function vehicleBudgets({ db, companyId, vehicleId }: At, ownerId: number | null) {
  return db
    .select({
      id: b.id,
      correlative_id: b.correlativeId,
      order_correlative_id: o.correlativeId,
      status_name: budgetStatus.name,
      status_color: budgetStatus.color,
      total: b.total,
      created_at: instant(b.createdAt),
    })
    .from(b)
    .innerJoin(o, and(eq(o.companyId, b.companyId), eq(o.id, b.orderId)))
    .innerJoin(budgetStatus, and(eq(budgetStatus.companyId, b.companyId), eq(budgetStatus.id, b.statusId)))
    .where(and(eq(b.companyId, companyId), eq(o.vehicleId, vehicleId), ownedDocument("Budget", ownerId)))
    .orderBy(desc(b.id))
    .limit(RECENT);
}

async function openCrm({ db, companyId, vehicleId }: At, ownerId: number | null) {
  const [row] = await db
    .select({
      id: k.id,
      correlative_id: k.correlativeId,
      kind: k.kind,
      category: k.category,
      status_name: crmStatus.name,
      status_color: crmStatus.color,
      created_at: instant(k.createdAt),
    })
    .from(k)
    .leftJoin(crmStatus, and(eq(crmStatus.companyId, k.companyId), eq(crmStatus.id, k.statusId)))
    .where(
      and(
        eq(k.companyId, companyId),
        eq(k.vehicleId, vehicleId),
        inArray(k.category, OPEN_CRM_CATEGORIES),
        ownedDocument("Crm", ownerId),
      ),
    )
    .orderBy(desc(k.createdAt), desc(k.id))
    .limit(1);
  return row ?? null;
}

/** What the caller may see of a kind of document: its rows (narrowed to his own), or none without read. */
function readable<T>(
  ctx: DocumentReader,
  type: "Order" | "Booking" | "Budget" | "Crm",
  read: (owner: number | null) => T,
) {
  const owner = documentOwner(ctx, type);
  return owner === false ? null : read(owner);
}

/**
 * A vehicle's page (/main/vehicles/{id}): its data and earlier plates, its owner, and its latest orders, bookings
 * and budgets (20 each, newest first) and its open CRM case, each only for those who may read it. Another
 * company's id, or with an own-records grant a vehicle that is not the user's, is NOT_FOUND.
 */
export const get = staffProcedure
  .use(can("read", "vehicle"))
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const me = ctx.ownOnly("read", "vehicle") ? ctx.user.id : null;
    const [vehicle] = await ctx.db
      .select({
        id: vehicles.id,
        identifier: vehicles.identifier,
        client_id: vehicles.clientId,
        brand_id: vehicles.brandId,
        brand_model_id: vehicles.brandModelId,
        brand_name: brands.name,
        brand_model_name: brandModels.name,
        chassis: vehicles.chassis,
        year: vehicles.year,
        color: vehicles.color,
        kms: vehicles.kms,
        created_at: instant(vehicles.createdAt),
      })
      .from(vehicles)
      .leftJoin(brands, and(eq(brands.companyId, vehicles.companyId), eq(brands.id, vehicles.brandId)))
      .leftJoin(
        brandModels,
        and(eq(brandModels.companyId, vehicles.companyId), eq(brandModels.id, vehicles.brandModelId)),
      )
      .where(
        and(
          eq(vehicles.companyId, ctx.companyId),
          eq(vehicles.id, input.id),
          ownedVehicle(ctx.companyId, me, sql`${vehicles.id}`),
        ),
      );
    if (!vehicle)
      throw new TRPCError({ code: "NOT_FOUND", message: await termNotFound(ctx.db, ctx.companyId, "object") });
    const at: At = { db: ctx.db, companyId: ctx.companyId, vehicleId: vehicle.id };
    const [owner, plates, orderRows, bookingRows, budgetRows, crm] = await Promise.all([
      vehicle.client_id !== null && ctx.can("read", "client")
        ? ctx.db
            .select({
              id: clients.id,
              name: clients.name,
              rut: clients.rut,
              phone: clients.phone,
              email: clients.email,
            })
            .from(clients)
            .where(and(eq(clients.companyId, ctx.companyId), eq(clients.id, vehicle.client_id)))
            .then((rows) => rows[0] ?? null)
        : null,
      ctx.db
        .select({
          identifier: vehiclePlateHistory.identifier,
          replaced_by: vehiclePlateHistory.replacedBy,
          changed_at: instant(vehiclePlateHistory.changedAt),
        })
        .from(vehiclePlateHistory)
        .where(and(eq(vehiclePlateHistory.companyId, ctx.companyId), eq(vehiclePlateHistory.vehicleId, vehicle.id)))
        .orderBy(desc(vehiclePlateHistory.changedAt), desc(vehiclePlateHistory.id))
        .limit(RECENT),
      readable(ctx, "Order", (owner) => vehicleOrders(at, owner)),
      readable(ctx, "Booking", (owner) => vehicleBookings(at, owner)),
      readable(ctx, "Budget", (owner) => vehicleBudgets(at, owner)),
      readable(ctx, "Crm", (owner) => openCrm(at, owner)),
    ]);
    return {
      vehicle,
      owner,
      plates,
      // null: the caller may not read that kind of document.
      orders: orderRows,
      bookings: bookingRows,
      budgets: budgetRows,
      crm: crm ?? null,
      can_update: ctx.can("update", "vehicle"),
    };
  });
