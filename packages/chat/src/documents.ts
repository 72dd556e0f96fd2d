// The documents a chat can be about: whether the caller may read one, and what the chat copies from it (title,
// subtitle, correlative, picture, finished). Each document type is read with the permission its own screens need
// (an Order needs read on check_in, and with an own-only grant only the orders the user received or is assigned).
import {
  chatDocumentPath,
  INVENTORY_ACTION_NAMES,
  PROVIDER_STATUS_CODES,
  PROVIDER_STATUSES,
  type ChatDocument,
  type ChatView,
} from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { documentOwner, loadSessionUser, ownedDocument, type DocumentReader } from "@taller/trpc";
import { isRestrictedToOwn, permissionChecker } from "@taller/core";
import { sql, type SQL } from "drizzle-orm";

export interface DocumentFacts {
  correlative_id: number | null;
  title: string;
  subtitle: string;
  picture: string | null;
  finished: boolean;
}

/** What a procedure's context says about the caller, for reading documents. */
export interface ReaderContext extends DocumentReader {
  companyId: number;
}

const statusesWhere = (rule: (code: (typeof PROVIDER_STATUS_CODES)[number]) => boolean) =>
  sql.join(
    PROVIDER_STATUS_CODES.filter(rule).map((code) => sql`${code}`),
    sql`, `,
  );
/**
 * An inventory action's chat is archived once there is nothing left to talk about: a pricing in a finished status
 * (accepted, rejected, cancelled), a buy order cancelled or received in full (a confirmed buy order still awaits its
 * goods).
 */
const actionFinished = sql`CASE WHEN ia.kind = 'pricing' THEN ia.status IN (${statusesWhere((c) => PROVIDER_STATUSES[c].finish)})
  ELSE ia.status IN (${statusesWhere((c) => PROVIDER_STATUSES[c].failed)}) OR NOT EXISTS (
    SELECT 1 FROM provider_action_products l
    WHERE l.company_id = ia.company_id AND l.action_id = ia.id AND NOT l.removed AND l.received_quantity < l.quantity)
  END`;

/** SQL reading one document's facts, restricted to what `ownerId` owns when not null. */
function factsQuery(type: ChatDocument, companyId: number, id: number, ownerId: number | null): SQL {
  const vehicleTitle = sql`trim(concat_ws(' ', v.identifier, br.name, bm.name))`;
  switch (type) {
    case "Order":
      return sql`SELECT o.correlative_id, ${vehicleTitle} AS title, coalesce(c.name, '') AS subtitle,
                        o.pictures->0->>'url' AS picture, s.finish AS finished
                 FROM orders o JOIN statuses s ON s.id = o.status_id
                 LEFT JOIN clients c ON c.id = o.client_id LEFT JOIN vehicles v ON v.id = o.vehicle_id
                 LEFT JOIN brands br ON br.id = v.brand_id LEFT JOIN brand_models bm ON bm.id = v.brand_model_id
                 WHERE o.company_id = ${companyId} AND o.id = ${id} AND ${ownedDocument(type, ownerId)}`;
    case "Budget":
      // A budget is read through its order (own-only follows the order's people, as the orders list does).
      return sql`SELECT b.correlative_id, ${vehicleTitle} AS title, coalesce(c.name, '') AS subtitle,
                        o.pictures->0->>'url' AS picture, s.finish AS finished
                 FROM budgets b JOIN orders o ON o.id = b.order_id JOIN statuses s ON s.id = b.status_id
                 LEFT JOIN clients c ON c.id = o.client_id LEFT JOIN vehicles v ON v.id = o.vehicle_id
                 LEFT JOIN brands br ON br.id = v.brand_id LEFT JOIN brand_models bm ON bm.id = v.brand_model_id
                 WHERE b.company_id = ${companyId} AND b.id = ${id} AND ${ownedDocument(type, ownerId)}`;
    case "Crm":
      return sql`SELECT k.correlative_id, coalesce(c.name, '') AS title, coalesce(${vehicleTitle}, '') AS subtitle,
                        NULL::text AS picture, coalesce(s.finish, false) AS finished
                 FROM crms k LEFT JOIN statuses s ON s.id = k.status_id
                 LEFT JOIN clients c ON c.id = k.client_id LEFT JOIN vehicles v ON v.id = k.vehicle_id
                 LEFT JOIN brands br ON br.id = v.brand_id LEFT JOIN brand_models bm ON bm.id = v.brand_model_id
                 WHERE k.company_id = ${companyId} AND k.id = ${id} AND ${ownedDocument(type, ownerId)}`;
    case "Booking":
      return sql`SELECT bk.id AS correlative_id, coalesce(c.name, '') AS title,
                        trim(concat_ws(' ', ${vehicleTitle}, to_char(bk.booking_date, 'DD-MM-YYYY'), to_char(bk.booking_time, 'HH24:MI'))) AS subtitle,
                        NULL::text AS picture, (bk.order_id IS NOT NULL OR bk.non_attendance) AS finished
                 FROM bookings bk LEFT JOIN clients c ON c.id = bk.client_id LEFT JOIN vehicles v ON v.id = bk.vehicle_id
                 LEFT JOIN brands br ON br.id = v.brand_id LEFT JOIN brand_models bm ON bm.id = v.brand_model_id
                 WHERE bk.company_id = ${companyId} AND bk.id = ${id} AND ${ownedDocument(type, ownerId)}`;
    case "InventoryAction":
      // Numbered per kind: the subtitle says which ('Orden de compra #12' and 'Cotización #12' are two documents).
      return sql`SELECT ia.correlative_id, pr.name AS title,
                        CASE ia.kind WHEN 'pricing' THEN ${INVENTORY_ACTION_NAMES.pricing} ELSE ${INVENTORY_ACTION_NAMES.buy_order} END AS subtitle,
                        NULL::text AS picture, ${actionFinished} AS finished
                 FROM provider_actions ia JOIN providers pr ON pr.company_id = ia.company_id AND pr.id = ia.provider_id
                 WHERE ia.company_id = ${companyId} AND ia.id = ${id} AND ${ownedDocument(type, ownerId)}`;
  }
}

/**
 * The document's facts if the caller may read it; null when it does not exist, is another company's, or is not
 * the caller's to read (all alike: NOT_FOUND for the caller). A CRM case has no owner, so an own-only grant on crm
 * reads none.
 */
export async function readDocument(
  db: Db,
  ctx: ReaderContext,
  type: ChatDocument,
  id: number,
): Promise<DocumentFacts | null> {
  const ownerId = documentOwner(ctx, type);
  if (ownerId === false) return null;
  return documentFacts(db, ctx.companyId, type, id, ownerId);
}

/** The document's facts, restricted to what `ownerId` owns when not null (a write needs no reader: null). */
export async function documentFacts(
  db: Db,
  companyId: number,
  type: ChatDocument,
  id: number,
  ownerId: number | null = null,
): Promise<DocumentFacts | null> {
  const [row] = await queryRows<DocumentFacts>(db, factsQuery(type, companyId, id, ownerId));
  return row ?? null;
}

export function documentView(type: ChatDocument, id: number): ChatView {
  return { type, id, path: chatDocumentPath(type, id) };
}

/**
 * Which of these users (of the company) may read the document, each with their own role's grants: a mention must
 * not hand the chat of a document to someone who may not read it.
 */
export async function readersOf(
  db: Db,
  companyId: number,
  type: ChatDocument,
  id: number,
  userIds: number[],
): Promise<number[]> {
  const readers: number[] = [];
  for (const userId of userIds) {
    const user = await loadSessionUser(db, userId);
    if (!user || user.companyId !== companyId) continue;
    const reader: ReaderContext = {
      companyId,
      user: { id: userId },
      can: permissionChecker(user.grants),
      ownOnly: (action, resource) => isRestrictedToOwn(user.grants, action, resource),
    };
    if (await readDocument(db, reader, type, id)) readers.push(userId);
  }
  return readers;
}
