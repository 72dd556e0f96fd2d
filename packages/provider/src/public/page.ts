// What the supplier's page reads (seed 000 section 3 'Provider page response'): the one document its access_token
// opens, if it is of the page's kind; a pricing link opens nothing on the buy-order page and the other way round.
import { PROVIDER_TEXTS, type ProviderKind } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { RateLimiter, userError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { inventoryAction, kindOfDocumentType, readAction, readLines, type InventoryAction } from "../action";

export interface ProviderPage {
  inventory_action: InventoryAction;
  requester: { name: string; mail: string | null; phone: string | null } | null;
  /** Pricing only: what the workshop asks for (the lines as requested). */
  required_products: { product: { id: number; code: string; name: string }; quantity: number }[];
  company: { name: string; logo: string | null };
  provider: { name: string };
  /** The company's warehouses, for the pricing form's warehouse_id. */
  warehouses: { id: number; name: string }[];
}

/** The token's document kind, or NOT_FOUND (a token of another document type opens nothing here). */
export function tokenKind(document: { type: string }, expected?: ProviderKind): ProviderKind {
  const kind = kindOfDocumentType(document.type);
  if (!kind || (expected && kind !== expected)) throw userError("NOT_FOUND", PROVIDER_TEXTS.notFound);
  return kind;
}

// Per document, on top of the per-IP limit: autosave writes at most every few hundred ms from one open page.
const writeLimiter = new RateLimiter(120, 60_000);
export function limitWrites(document: { id: number }) {
  const waitMs = writeLimiter.hit(`provider:${document.id}`);
  if (waitMs > 0)
    throw userError(
      "TOO_MANY_REQUESTS",
      `Demasiadas solicitudes. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.`,
    );
}

export async function loadPage(
  db: Db,
  companyId: number,
  document: { type: string; id: number },
  kind: ProviderKind,
): Promise<ProviderPage> {
  tokenKind(document, kind);
  const row = await readAction(db, companyId, document.id);
  if (!row || row.kind !== kind) throw userError("NOT_FOUND", PROVIDER_TEXTS.notFound);
  const [lines, heads, warehouses] = await Promise.all([
    readLines(db, companyId, row.id),
    queryRows<{
      company: string;
      logo: string | null;
      provider: string;
      requester: string | null;
      mail: string | null;
      phone: string | null;
    }>(
      db,
      sql`SELECT c.name AS company, c.preferences->>'logo' AS logo, p.name AS provider, u.name AS requester, u.email AS mail, u.phone
          FROM provider_actions a
          JOIN companies c ON c.id = a.company_id
          JOIN providers p ON p.company_id = a.company_id AND p.id = a.provider_id
          LEFT JOIN users u ON u.company_id = a.company_id AND u.id = a.requester_id
          WHERE a.company_id = ${companyId} AND a.id = ${row.id}`,
    ),
    kind === "pricing"
      ? queryRows<{ id: number; name: string }>(
          db,
          sql`SELECT id, name FROM warehouses WHERE company_id = ${companyId} ORDER BY name, id`,
        )
      : Promise.resolve([]),
  ]);
  const head = heads[0];
  if (!head) throw userError("NOT_FOUND", PROVIDER_TEXTS.notFound);
  return {
    inventory_action: inventoryAction(row, lines),
    requester: head.requester === null ? null : { name: head.requester, mail: head.mail, phone: head.phone },
    required_products:
      kind === "pricing" ? lines.map((l) => ({ product: l.product, quantity: l.required_quantity })) : [],
    company: { name: head.company, logo: head.logo },
    provider: { name: head.provider },
    warehouses,
  };
}
