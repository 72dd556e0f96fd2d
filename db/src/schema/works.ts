// Works (seed 002 sections 3.3, 4.1 and 7.1): the company's required works and the work instances people take on
// for a document. The work-point kiosk (seed 000 section 2.9) shows a user's open instances.
import type { WorkDocumentType } from "@taller/core";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companyId, createdAt, tenantKey, tenantRef } from "./_columns";
import { users } from "./access";
import { requirements } from "./catalog";

/**
 * A required ("custom") work of the company: what may be requested for a document. With a requirement it is required
 * only for documents of that requirement; without one, for every document. Retired with `active = false`, never
 * deleted once used (work instances keep pointing at it).
 */
export const customWorks = pgTable(
  "custom_works",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
    requirementId: integer("requirement_id"),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    index("custom_works_company_idx").on(t.companyId, t.requirementId),
    tenantRef(t, t.requirementId, requirements, "cascade"),
    check("custom_works_name_length", sql`char_length(${t.name}) BETWEEN 1 AND 120`),
  ],
);

/**
 * A work instance: one user doing one required work for one document. State only moves forward
 * (created -> started -> completed), held by conditional updates and by the checks below.
 */
export const works = pgTable(
  "works",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    customWorkId: integer("custom_work_id").notNull(),
    // The user the work is assigned to.
    userId: integer("user_id").notNull(),
    // Who asked for it (the assignee or someone assigning it).
    requestedBy: integer("requested_by"),
    documentType: text("document_type").$type<WorkDocumentType>().notNull(),
    documentId: integer("document_id").notNull(),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    tenantRef(t, t.customWorkId, customWorks),
    tenantRef(t, t.userId, users, "cascade"),
    tenantRef(t, t.requestedBy, users, "set null"),
    // "Own works": assigned to a user, not completed, latest first (the latest is the current work).
    index("works_own_idx")
      .on(t.companyId, t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.completedAt} IS NULL`),
    // A user's whole history (the /main/work list), latest first.
    index("works_user_idx").on(t.companyId, t.userId, t.createdAt.desc(), t.id.desc()),
    // The works of a document (the chat's works strip).
    index("works_document_idx").on(t.companyId, t.documentType, t.documentId, t.createdAt),
    // A repeated request (double click, retry) for the same open work of the same user is the same work.
    uniqueIndex("works_open_unique_idx")
      .on(t.companyId, t.documentType, t.documentId, t.customWorkId, t.userId)
      .where(sql`${t.completedAt} IS NULL`),
    check("works_document_type_known", sql`${t.documentType} IN ('Order', 'Budget', 'Crm', 'Booking')`),
    check("works_document_id_positive", sql`${t.documentId} > 0`),
    check(
      "works_completed_after_start",
      sql`${t.completedAt} IS NULL OR (${t.startedAt} IS NOT NULL AND ${t.completedAt} >= ${t.startedAt})`,
    ),
  ],
);

export type CustomWorkRow = typeof customWorks.$inferSelect;
export type WorkRow = typeof works.$inferSelect;
