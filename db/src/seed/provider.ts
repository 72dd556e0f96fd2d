// The supplier demo: a supplier, one pricing and one buy order from the latest order, each with its supplier link
// (printed by the server at start, like the client booking link). Demo tokens are derived from the company's domain
// so the server can print them; real links are random (packages/provider links.ts).
import { createHash } from "node:crypto";
import { addDays, present, todayIn } from "@taller/core";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { companies, documentTokens, providerActionProducts, providerActions, providers, warehouses } from "../schema";

export const demoProviderToken = (domain: string, kind: "pricing" | "buy_order") =>
  `demo-${kind === "pricing" ? "pricing" : "buy-order"}-${domain.replace(/[^a-z0-9]+/gi, "-")}`;
const DOCUMENT_TYPE = { pricing: "ProviderPricing", buy_order: "ProviderBuyOrder" } as const;
const sha = (token: string) => createHash("sha256").update(token).digest("hex");

export interface ProviderSeed {
  supplierId: number;
  pricingId: number;
  buyOrderId: number;
  pricingToken: string;
  buyOrderToken: string;
}

export async function seedProvider(
  db: Db,
  input: {
    companyId: number;
    domain: string;
    orderId: number;
    requesterId: number;
    productIds: Record<string, number>;
  },
): Promise<ProviderSeed> {
  const { companyId } = input;
  const [warehouse] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.companyId, companyId))
    .limit(1);
  const [supplier] = await db
    .insert(providers)
    .values({
      companyId,
      name: "Repuestos del Sur SpA",
      mail: "ventas@repuestosdelsur.cl",
      phone: "+56 2 2345 6789",
      rut: "76.123.456-0",
    })
    .returning({ id: providers.id });
  const supplierId = present(supplier, "supplier").id;
  const today = todayIn();
  const made = await db
    .insert(providerActions)
    .values([
      {
        companyId,
        kind: "pricing" as const,
        providerId: supplierId,
        orderId: input.orderId,
        requesterId: input.requesterId,
        requiredDeliveryDate: addDays(today, 5),
      },
      {
        companyId,
        kind: "buy_order" as const,
        providerId: supplierId,
        orderId: input.orderId,
        requesterId: input.requesterId,
        warehouseId: warehouse?.id ?? null,
        requiredDeliveryDate: addDays(today, 3),
      },
    ])
    .returning({ id: providerActions.id, kind: providerActions.kind });
  const pricingId = present(
    made.find((m) => m.kind === "pricing"),
    "pricing",
  ).id;
  const buyOrderId = present(
    made.find((m) => m.kind === "buy_order"),
    "buy order",
  ).id;
  const product = (code: string) => present(input.productIds[code], `product ${code}`);
  await db.insert(providerActionProducts).values([
    { companyId, actionId: pricingId, productId: product("PAS-DEL"), requiredQuantity: 2, quantity: 2 },
    { companyId, actionId: pricingId, productId: product("LIQ-DOT4"), requiredQuantity: 1, quantity: 1 },
    { companyId, actionId: buyOrderId, productId: product("ACE-5W30"), requiredQuantity: 8, quantity: 8, price: 5_200 },
    { companyId, actionId: buyOrderId, productId: product("FIL-ACE"), requiredQuantity: 2, quantity: 2, price: 3_100 },
  ]);
  const pricingToken = demoProviderToken(input.domain, "pricing");
  const buyOrderToken = demoProviderToken(input.domain, "buy_order");
  // Demo links open for a year: the demo database outlives a month.
  const expiresAt = new Date(Date.now() + 365 * 86_400_000);
  await db.insert(documentTokens).values([
    {
      companyId,
      kind: "access_token",
      tokenHash: sha(pricingToken),
      documentType: DOCUMENT_TYPE.pricing,
      documentId: pricingId,
      expiresAt,
    },
    {
      companyId,
      kind: "access_token",
      tokenHash: sha(buyOrderToken),
      documentType: DOCUMENT_TYPE.buy_order,
      documentId: buyOrderId,
      expiresAt,
    },
  ]);
  return { supplierId, pricingId, buyOrderId, pricingToken, buyOrderToken };
}

/** The demo supplier links that still open their document: the server prints them at start. */
export async function demoProviderLinks(
  db: Db,
): Promise<{ company: string; kind: "pricing" | "buy_order"; token: string }[]> {
  const rows = await db
    .select({
      company: companies.name,
      domain: companies.domain,
      type: documentTokens.documentType,
      tokenHash: documentTokens.tokenHash,
    })
    .from(companies)
    .innerJoin(documentTokens, eq(documentTokens.companyId, companies.id))
    .where(
      and(eq(documentTokens.kind, "access_token"), inArray(documentTokens.documentType, Object.values(DOCUMENT_TYPE))),
    );
  return rows.flatMap((row) => {
    const kind = row.type === DOCUMENT_TYPE.pricing ? ("pricing" as const) : ("buy_order" as const);
    const token = demoProviderToken(row.domain, kind);
    return sha(token) === row.tokenHash ? [{ company: row.company, kind, token }] : [];
  });
}
