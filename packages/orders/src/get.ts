import { brandModels, brands, budgets, clients, locations, orders, requirements, statuses, users, vehicles } from "@taller/db";
import { can, staffProcedure, TRPCError } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { displayedCustomFields, loadCustomFieldDefinitions } from "./custom-fields";

const assignees = alias(users, "assignees");
const budgetStatuses = alias(statuses, "budget_statuses");

/** One order with everything its read-only detail shows (page or dialog). Another company's id is NOT_FOUND. */
export const get = staffProcedure
  .use(can("read", "check_in"))
  .input(z.object({ id: z.number().int().min(1).max(2_147_483_647) }))
  .query(async ({ ctx, input }) => {
    const [row] = await ctx.db
      .select({
        id: orders.id,
        correlativeId: orders.correlativeId,
        statusId: statuses.id,
        statusName: statuses.name,
        statusColor: statuses.color,
        statusFinish: statuses.finish,
        requirementId: orders.requirementId,
        requirementName: requirements.name,
        clientId: clients.id,
        clientName: clients.name,
        clientRut: clients.rut,
        clientEmail: clients.email,
        clientPhone: clients.phone,
        vehicleId: vehicles.id,
        identifier: vehicles.identifier,
        chassis: vehicles.chassis,
        year: vehicles.year,
        color: vehicles.color,
        vehicleKms: vehicles.kms,
        vehicleCustomFields: vehicles.customFields,
        brandName: brands.name,
        brandModelName: brandModels.name,
        locationId: orders.locationId,
        locationName: locations.name,
        userId: orders.userId,
        userName: users.name,
        assigneeId: orders.assigneeId,
        assigneeName: assignees.name,
        checkInTime: orders.checkInTime,
        finishDate: orders.finishDate,
        completedAt: orders.completedAt,
        endedAt: orders.endedAt,
        kms: orders.kms,
        comment: orders.comment,
        from: orders.from,
        total: orders.total,
        recallData: orders.recallData,
        pictures: orders.pictures,
        customFields: orders.customFields,
        budgetId: budgets.id,
        budgetCorrelativeId: budgets.correlativeId,
        budgetTotal: budgets.total,
        budgetStatusId: budgetStatuses.id,
        budgetStatusName: budgetStatuses.name,
        budgetStatusColor: budgetStatuses.color,
      })
      .from(orders)
      .innerJoin(statuses, eq(statuses.id, orders.statusId))
      .leftJoin(requirements, eq(requirements.id, orders.requirementId))
      .leftJoin(clients, eq(clients.id, orders.clientId))
      .leftJoin(vehicles, eq(vehicles.id, orders.vehicleId))
      .leftJoin(brands, eq(brands.id, vehicles.brandId))
      .leftJoin(brandModels, eq(brandModels.id, vehicles.brandModelId))
      .leftJoin(locations, eq(locations.id, orders.locationId))
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(assignees, eq(assignees.id, orders.assigneeId))
      .leftJoin(budgets, eq(budgets.id, orders.lastBudgetId))
      .leftJoin(budgetStatuses, eq(budgetStatuses.id, budgets.statusId))
      .where(and(eq(orders.id, input.id), eq(orders.companyId, ctx.companyId)))
      .limit(1)
      // Eleven joins take longer to plan than to run: the plan is kept per connection.
      .prepare("orders_get")
      .execute();
    if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Orden no encontrada" });
    const definitions = await loadCustomFieldDefinitions(ctx.db, ctx.companyId);
    const named = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });
    return {
      id: row.id,
      correlative_id: row.correlativeId,
      status: { id: row.statusId, name: row.statusName, color: row.statusColor, finish: row.statusFinish },
      requirement: named(row.requirementId, row.requirementName),
      client:
        row.clientId === null || row.clientName === null
          ? null
          : { id: row.clientId, name: row.clientName, rut: row.clientRut, email: row.clientEmail, phone: row.clientPhone },
      object:
        row.vehicleId === null || row.identifier === null
          ? null
          : {
              id: row.vehicleId,
              identifier: row.identifier,
              brand_name: row.brandName,
              brand_model_name: row.brandModelName,
              chasis: row.chassis,
              year: row.year,
              color: row.color,
              kms: row.vehicleKms,
            },
      location: named(row.locationId, row.locationName),
      user: named(row.userId, row.userName),
      assignee: named(row.assigneeId, row.assigneeName),
      check_in_time: row.checkInTime,
      finish_date: row.finishDate,
      completed_at: row.completedAt,
      ended_at: row.endedAt,
      kms: row.kms,
      comment: row.comment,
      from: row.from,
      total: row.total,
      recall_data: row.recallData,
      pictures: row.pictures,
      custom_fields: displayedCustomFields({ ...row.vehicleCustomFields, ...row.customFields }, definitions),
      last_budget:
        row.budgetId === null || row.budgetStatusId === null
          ? null
          : {
              id: row.budgetId,
              correlative_id: row.budgetCorrelativeId,
              total: row.budgetTotal,
              status: { id: row.budgetStatusId, name: row.budgetStatusName, color: row.budgetStatusColor },
            },
    };
  });
