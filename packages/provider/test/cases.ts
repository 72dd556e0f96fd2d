// Tenancy and bad-input cases of the provider router (see ProcedureCase in @taller/trpc/testing): another company's
// suppliers, pricings, buy orders, orders, budgets, warehouses and products are NOT_FOUND or refused; the public
// pages are opened by their access_token alone (packages/provider/test covers foreign, wrong and spent tokens).
import { findIds, listLeak, type DomainCases } from "@taller/trpc/testing";
import type { DemoFixtures } from "@taller/db/seed";
import type { providerRouter } from "../src/router";

const TOKEN_REASON =
  "the access_token decides the company and the one document (tokenProcedure); packages/provider/test covers foreign, wrong, revoked, expired and spent tokens";
const product = (f: DemoFixtures, code: string) => f.demo.productIds[code] ?? 0;
const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

export const providerCases: DomainCases<typeof providerRouter> = {
  suppliers: {
    kind: "scoped",
    input: () => ({}),
    leaks: (r, f) => listLeak(r as { id: number }[], [f.demo.provider.supplierId], "supplier"),
    valid: () => ({ search: "Sur" }),
  },
  createSupplier: {
    kind: "scoped",
    input: () => ({ name: "Proveedor de la otra empresa" }),
    leaks: (r, f) => findIds(r, "id", [f.demo.provider.supplierId]),
    valid: () => ({ name: "Frenos Chile", mail: "contacto@frenos.cl", phone: "+56 9 1234 5678", rut: "76.555.444-3" }),
    attacks: () => [{ name: "" }, { name: "x".repeat(201) }, { name: "X", mail: "no-es-correo" }],
  },
  options: {
    kind: "scoped",
    leaks: (r, f) =>
      listLeak((r as { products: { id: number }[] }).products, Object.values(f.demo.productIds), "product"),
  },
  create: {
    kind: "foreign",
    input: (f) => ({
      kind: "pricing",
      provider_id: f.demo.provider.supplierId,
      order_id: f.demo.orderIds[0],
      products: [{ product_id: product(f, "PAS-DEL"), quantity: 1 }],
    }),
    valid: (f) => ({
      kind: "buy_order",
      provider_id: f.demo.provider.supplierId,
      order_id: f.demo.orderIds[0],
      warehouse_id: null,
      required_delivery_date: day(5),
      comment: "Urgente",
      products: [{ product_id: product(f, "FIL-AIR"), quantity: 2 }],
    }),
    attacks: (f) => [
      {
        kind: "pricing",
        provider_id: f.other.provider.supplierId,
        order_id: f.demo.orderIds[0],
        products: [{ product_id: product(f, "PAS-DEL"), quantity: 1 }],
      },
      {
        kind: "pricing",
        provider_id: f.other.provider.supplierId,
        order_id: f.other.orderIds[0],
        products: [{ product_id: product(f, "PAS-DEL"), quantity: 1 }],
      },
      { kind: "pricing", provider_id: f.other.provider.supplierId, order_id: f.other.orderIds[0], products: [] },
      {
        kind: "pricing",
        provider_id: f.other.provider.supplierId,
        order_id: f.other.orderIds[0],
        products: [{ product_id: 1, quantity: 0 }],
      },
      {
        kind: "invoice",
        provider_id: f.other.provider.supplierId,
        order_id: f.other.orderIds[0],
        products: [{ product_id: 1, quantity: 1 }],
      },
    ],
  },
  forDocument: {
    kind: "foreign",
    input: (f) => ({ order_id: f.demo.orderIds.at(-1) }),
    valid: (f) => ({ order_id: f.demo.orderIds.at(-1) }),
  },
  issueLink: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.provider.pricingId }),
    valid: (f) => ({ id: f.demo.provider.pricingId }),
  },
  revokeLink: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.provider.pricingId }),
    valid: (f) => ({ id: f.demo.provider.buyOrderId }),
  },
  setStatus: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.provider.pricingId, status: "cancelled" }),
    valid: (f) => ({ id: f.demo.provider.pricingId, status: "accepted" }),
    attacks: (f) => [
      { id: f.other.provider.pricingId, status: "answered" },
      { id: f.other.provider.buyOrderId, status: "accepted" },
    ],
  },
  receive: {
    kind: "foreign",
    input: (f) => ({
      id: f.demo.provider.buyOrderId,
      warehouse_id: f.demo.warehouseIds[0],
      key: "6f1c2f4e-8a7b-4c3d-9e2f-1a2b3c4d5e6f",
      lines: [{ line_id: 1, quantity: 1 }],
    }),
    valid: (f) => ({
      id: f.demo.provider.buyOrderId,
      warehouse_id: f.demo.warehouseIds[0],
      key: "0b7e1d2c-3f4a-4b5c-8d6e-7f8091a2b3c4",
      lines: [{ line_id: 1, quantity: 0 }],
    }),
    attacks: (f) => [
      { id: f.demo.provider.buyOrderId, warehouse_id: f.other.warehouseIds[0], key: "x", lines: [] },
      {
        id: f.demo.provider.buyOrderId,
        warehouse_id: f.other.warehouseIds[0],
        key: "0b7e1d2c-3f4a-4b5c-8d6e-7f8091a2b3c5",
        lines: [{ line_id: 1, quantity: 1 }],
      },
      {
        id: f.demo.provider.buyOrderId,
        warehouse_id: f.demo.warehouseIds[0],
        key: "0b7e1d2c-3f4a-4b5c-8d6e-7f8091a2b3c6",
        lines: [
          { line_id: 1, quantity: 1 },
          { line_id: 1, quantity: 1 },
        ],
      },
      {
        id: f.demo.provider.pricingId,
        warehouse_id: f.demo.warehouseIds[0],
        key: "0b7e1d2c-3f4a-4b5c-8d6e-7f8091a2b3c7",
        lines: [{ line_id: 1, quantity: 100_001 }],
      },
    ],
  },
  toBuyOrder: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.provider.pricingId, warehouse_id: f.demo.warehouseIds[0] }),
    valid: (f) => ({ id: f.demo.provider.pricingId, warehouse_id: f.demo.warehouseIds[0] }),
    attacks: (f) => [
      { id: f.demo.provider.pricingId, warehouse_id: f.other.warehouseIds[0] },
      { id: f.demo.provider.buyOrderId, warehouse_id: f.demo.warehouseIds[0] },
      { id: f.demo.provider.pricingId },
    ],
  },
  "actions.list": {
    kind: "scoped",
    input: () => ({ kind: "buy_order" }),
    leaks: (r, f) => listLeak((r as { actions: { id: number }[] }).actions, [f.demo.provider.buyOrderId], "buy order"),
    valid: () => ({ kind: "pricing", statuses: ["pending"], search: "#1" }),
    attacks: () => [
      { kind: "stock" },
      { kind: "pricing", statuses: ["nope"] },
      { kind: "pricing", search: "x".repeat(201) },
    ],
  },
  "actions.get": {
    kind: "foreign",
    input: (f) => ({ id: f.demo.provider.buyOrderId }),
    valid: (f) => ({ id: f.demo.provider.pricingId }),
  },
  onChanged: {
    kind: "scoped",
    subscription: true,
    probes: (f) => [
      { companyId: f.demo.companyId, type: "provider.changed", payload: { ids: [900_001] } },
      { companyId: f.other.companyId, type: "provider.changed", payload: { ids: [900_002] } },
    ],
    leaks: () => null,
  },
  "public.getPricing": {
    kind: "public",
    reason: TOKEN_REASON,
    valid: (f) => ({ token: f.demo.provider.pricingToken }),
  },
  "public.getBuyOrder": {
    kind: "public",
    reason: TOKEN_REASON,
    valid: (f) => ({ token: f.demo.provider.buyOrderToken }),
  },
  "public.save": {
    kind: "public",
    reason: TOKEN_REASON,
    valid: (f) => ({
      token: f.demo.provider.pricingToken,
      comment: "Stock disponible",
      estimated_completion_date: day(4),
      warehouse_id: null,
    }),
    attacks: (f) => [
      {
        token: f.demo.provider.pricingToken,
        inventory_action_products_attributes: [{ id: 1, quantity: -1, price: 10 }],
      },
      { token: f.demo.provider.pricingToken, estimated_completion_date: "2026-02-30" },
      {
        token: f.demo.provider.buyOrderToken,
        inventory_action_products_attributes: [{ id: 1, quantity: 1, price: 1 }],
      },
      { token: "x".repeat(201) },
    ],
  },
  "public.send": {
    kind: "public",
    reason: TOKEN_REASON,
    valid: (f) => ({ token: f.demo.provider.buyOrderToken, estimated_completion_date: day(3) }),
    attacks: (f) => [
      { token: f.demo.provider.pricingToken, price: 1.5 },
      { token: f.demo.provider.pricingToken, warehouse_id: 0 },
    ],
  },
};
