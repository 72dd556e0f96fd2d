import type { CrmStatusCategory, StatusType } from "@taller/core";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companyId, createdAt, tenantKey, tenantRef } from "./_columns";

/** Order, budget and CRM-booking statuses, configured per company. */
export const statuses = pgTable(
  "statuses",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    type: text("type").$type<StatusType>().notNull(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    // A finished status leaves the default list filters.
    finish: boolean("finish").notNull().default(false),
    position: integer("position").notNull().default(0),
    // Order statuses only: the one an order is cancelled into (orders.cancel; 'Anulado' in the demo). A cancelled
    // order raises no CRM retention.
    cancel: boolean("cancel").notNull().default(false),
    // Budget statuses only: a finished status meaning the client accepted the budget ('Aprobado' in the demo), so
    // reports count approvals and inventory suggests approved lines; a finished budget status without it was refused.
    approve: boolean("approve").notNull().default(false),
    // Crm::Booking statuses only: which of the spec's categories the status stands for (completed, failed, booked,
    // initial); a management's list category (crms.category) follows from it and on_hold.
    crmCategory: text("crm_category").$type<CrmStatusCategory>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("statuses_company_type_idx").on(t.companyId, t.type, t.position),
    // One name per type: a double submit of the admin's form creates one status.
    uniqueIndex("statuses_company_type_name_idx").on(t.companyId, t.type, t.name),
    tenantKey(t),
    // One cancel status per company, and it is a finished order status.
    uniqueIndex("statuses_company_cancel_idx")
      .on(t.companyId)
      .where(sql`${t.cancel}`),
    check("statuses_cancel_order_finish", sql`NOT ${t.cancel} OR (${t.type} = 'Order' AND ${t.finish})`),
    check("statuses_approve_budget_finish", sql`NOT ${t.approve} OR (${t.type} = 'Budget' AND ${t.finish})`),
    check(
      "statuses_crm_category",
      sql`(${t.type} = 'Crm::Booking') = (${t.crmCategory} IS NOT NULL) AND ${t.crmCategory} IN ('initial', 'completed', 'failed', 'booked')`,
    ),
  ],
);

/**
 * Which status may follow which, per company and within one type (the spec leaves the rules to each workshop). A
 * status no rule starts from may move to any status of its type (transitionAllowed in core).
 */
export const statusTransitions = pgTable(
  "status_transitions",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    fromStatusId: integer("from_status_id").notNull(),
    toStatusId: integer("to_status_id").notNull(),
  },
  (t) => [
    uniqueIndex("status_transitions_unique_idx").on(t.companyId, t.fromStatusId, t.toStatusId),
    tenantRef(t, t.fromStatusId, statuses, "cascade"),
    tenantRef(t, t.toStatusId, statuses, "cascade"),
  ],
);

export type CustomFieldEntity = "Order" | "Vehicle";
export type CustomFieldKind = "text" | "list";
export interface CustomFieldItem {
  id: number;
  name: string;
}

/**
 * A company's declared custom field. Values live in the `custom_fields` jsonb of orders and vehicles under `key`;
 * keys starting with "$$" are the ones shown to people (and exported). A "list" field stores the chosen item's id
 * (or an array of ids) and is displayed by the item's name.
 */
export const customFields = pgTable(
  "custom_fields",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    entity: text("entity").$type<CustomFieldEntity>().notNull(),
    key: text("key").notNull(),
    name: text("name").notNull(),
    kind: text("kind").$type<CustomFieldKind>().notNull().default("text"),
    items: jsonb("items").$type<CustomFieldItem[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("custom_fields_company_key_idx").on(t.companyId, t.entity, t.key)],
);

/** What a professional knows how to do (seed 000 'Professional': work_user_specialities). */
export const specialities = pgTable(
  "specialities",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("specialities_company_idx").on(t.companyId), tenantKey(t)],
);

/** Service types ("requirements") a client can ask for. */
export const requirements = pgTable(
  "requirements",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
    // Minutes a booking of this requirement occupies in the agenda.
    durationMinutes: integer("duration_minutes").notNull().default(60),
    // The speciality a professional needs to be offered for it (seed 000 section 5); null: anyone.
    specialityId: integer("speciality_id"),
    // What the service usually costs (integer pesos): a retention for it is estimated at this.
    price: integer("price").notNull().default(0),
    // Follow-up rule (CRM retentions): after this service, the client is due for `next_requirement_id` after
    // `next_after_months` months or `next_after_kms` kilometres, whichever comes first.
    nextRequirementId: integer("next_requirement_id"),
    nextAfterMonths: integer("next_after_months"),
    nextAfterKms: integer("next_after_kms"),
    createdAt: createdAt(),
  },
  (t) => [
    index("requirements_company_idx").on(t.companyId),
    // One name per company: a double submit of the admin's form creates one requirement.
    uniqueIndex("requirements_company_name_idx").on(t.companyId, t.name),
    tenantKey(t),
    tenantRef(t, t.specialityId, specialities, "set null"),
    tenantRef(t, t.nextRequirementId, t, "set null"),
    check("requirements_price_non_negative", sql`${t.price} >= 0`),
    check(
      "requirements_next_after",
      sql`(${t.nextAfterMonths} IS NULL OR ${t.nextAfterMonths} BETWEEN 1 AND 120) AND (${t.nextAfterKms} IS NULL OR ${t.nextAfterKms} BETWEEN 1 AND 1000000)`,
    ),
  ],
);

export const brands = pgTable(
  "brands",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
  },
  (t) => [index("brands_company_idx").on(t.companyId), tenantKey(t)],
);

export const brandModels = pgTable(
  "brand_models",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    brandId: integer("brand_id").notNull(),
    name: text("name").notNull(),
  },
  (t) => [index("brand_models_brand_idx").on(t.brandId), tenantKey(t), tenantRef(t, t.brandId, brands, "cascade")],
);
