// Who may read a document that works and chats are about (an order, a budget, a CRM case, a booking, a supplier's
// pricing or buy order): the
// permission its own screens need, narrowed by an "own records only" grant to the documents the user owns. One
// definition, so a procedure that takes a document's id cannot read it wider than the document's screens do.
import type { Action, ChatDocument, Resource } from "@taller/core";
import { sql, type SQL } from "drizzle-orm";

/** The resource each document type is read as (a budget's own screens need read on budget). */
export const DOCUMENT_RESOURCE: Record<ChatDocument, Resource> = {
  Order: "check_in",
  Budget: "budget",
  Crm: "crm",
  Booking: "booking",
  InventoryAction: "inventory_action",
};

/** What a procedure's context says about the caller, for reading documents. */
export interface DocumentReader {
  user: { id: number };
  can: (action: Action, resource: Resource) => boolean;
  ownOnly: (action: Action, resource: Resource) => boolean;
}

/** The user the document must belong to (null: any of the company's), or false when the caller may not read it. */
export function documentOwner(ctx: DocumentReader, type: ChatDocument): number | null | false {
  const resource = DOCUMENT_RESOURCE[type];
  if (!ctx.can("read", resource)) return false;
  return ctx.ownOnly("read", resource) ? ctx.user.id : null;
}

/**
 * The condition that the document belongs to `ownerId` (true when null), over the aliases the document's query
 * uses: `o` for an order, and for a budget its order `o` (own-only follows the order's people, as the orders list
 * does), `k` for a CRM case, `bk` for a booking, `ia` for an inventory action (its own: the one who asked for it).
 * A CRM case has no owner, so an own-only grant reads none.
 */
export function ownedDocument(type: ChatDocument, ownerId: number | null): SQL {
  if (ownerId === null) return sql`true`;
  switch (type) {
    case "Order":
    case "Budget":
      return sql`(o.user_id = ${ownerId} OR o.assignee_id = ${ownerId})`;
    case "Crm":
      return sql`false`;
    case "Booking":
      return sql`(bk.user_id = ${ownerId} OR bk.created_by = ${ownerId})`;
    case "InventoryAction":
      return sql`ia.requester_id = ${ownerId}`;
  }
}

const DOCUMENT_FROM: Record<ChatDocument, SQL> = {
  Order: sql`orders o`,
  Budget: sql`budgets b JOIN orders o ON o.company_id = b.company_id AND o.id = b.order_id`,
  Crm: sql`crms k`,
  Booking: sql`bookings bk`,
  InventoryAction: sql`provider_actions ia`,
};
const DOCUMENT_ALIAS: Record<ChatDocument, SQL> = {
  Order: sql`o`,
  Budget: sql`b`,
  Crm: sql`k`,
  Booking: sql`bk`,
  InventoryAction: sql`ia`,
};

/**
 * The condition that the caller may read the document of this type whose company and id are the SQL expressions
 * given (a chat's `ch.company_id`, `ch.document_id`): the read permission, and with an own-only grant his own.
 */
export function readableDocument(ctx: DocumentReader, type: ChatDocument, companyId: SQL, id: SQL): SQL {
  const ownerId = documentOwner(ctx, type);
  if (ownerId === false) return sql`false`;
  if (ownerId === null) return sql`true`;
  const d = DOCUMENT_ALIAS[type];
  return sql`EXISTS (SELECT 1 FROM ${DOCUMENT_FROM[type]}
                     WHERE ${d}.company_id = ${companyId} AND ${d}.id = ${id} AND ${ownedDocument(type, ownerId)})`;
}
