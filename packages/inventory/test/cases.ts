// Tenancy and bad-input cases of the inventory router (see ProcedureCase in @taller/trpc/testing). Products,
// categories and warehouses are the company's catalogue, no one's record: an own-records grant on inventory_action
// narrows the supplier documents (pricings, buy orders) to the caller's, and leaves the catalogue whole.
import { findIds, listLeak, type DomainCases } from "@taller/trpc/testing";
import type { inventoryRouter } from "../src";

const CATALOGUE = "a product, category or warehouse is the company's catalogue, no one's record";

const product = (f: { demo: { productIds: Record<string, number> } }) => f.demo.productIds["ACE-5W30"] as number;

export const inventoryCases: DomainCases<typeof inventoryRouter> = {
  "products.list": {
    kind: "scoped",
    input: () => ({}),
    leaks: (r, f) =>
      listLeak((r as { products: { id: number }[] }).products, Object.values(f.demo.productIds), "product"),
    valid: (f) => ({
      search: "ac",
      category_ids: [f.demo.categoryIds[0] as number],
      low_stock: true,
      sort: "code",
      cursor: null,
    }),
    attacks: () => [{ search: "%_\\'" }, { sort: "price; DROP TABLE products" }],
  },
  "products.get": {
    kind: "foreign",
    notOwned: CATALOGUE,
    input: (f) => ({ id: product(f) }),
    valid: (f) => ({ id: product(f) }),
  },
  "products.movements": {
    kind: "foreign",
    notOwned: CATALOGUE,
    input: (f) => ({ product_id: product(f) }),
    valid: (f) => ({ product_id: product(f), cursor: null }),
  },
  "products.usage": {
    kind: "foreign",
    notOwned: CATALOGUE,
    input: (f) => ({ product_id: product(f) }),
    valid: (f) => ({ product_id: product(f), cursor: null }),
    attacks: (f) => [{ product_id: product(f), cursor: "x".repeat(1001) }, { product_id: -1 }],
  },
  "products.create": {
    kind: "foreign",
    notOwned: CATALOGUE,
    // Another company's category and warehouse are not found: nothing is written.
    input: (f) => ({
      code: "TEN-001",
      name: "Producto ajeno",
      category_id: f.demo.categoryIds[0],
      price: 1000,
      buy_price: 500,
      minimums: [{ warehouse_id: f.demo.warehouseIds[0], minimum: 1 }],
    }),
    valid: (f) => ({ code: "FUZ-001", name: "Producto", category_id: f.demo.categoryIds[0], price: 1, buy_price: 1 }),
    attacks: (f) => [
      { code: "FUZ-002", name: "x", price: -1, buy_price: 0 },
      { code: "FUZ-003", name: "x", price: 1.5, buy_price: 0 },
      {
        code: "FUZ-004",
        name: "x",
        price: 0,
        buy_price: 0,
        minimums: [{ warehouse_id: f.other.warehouseIds[0], minimum: 1 }],
      },
    ],
  },
  "products.update": {
    kind: "foreign",
    notOwned: CATALOGUE,
    input: (f) => ({ id: product(f), code: "TEN-002", name: "Cambiado", price: 1, buy_price: 1 }),
    valid: (f) => ({ id: product(f), code: "ACE-5W30", name: "Aceite", price: 1, buy_price: 1 }),
    attacks: (f) => [
      { id: product(f), code: "ACE-5W30", name: "Aceite", price: 1, buy_price: 1, category_id: f.other.categoryIds[0] },
    ],
  },
  "products.export": {
    kind: "scoped",
    input: () => ({}),
    // The file is a zip in base64 (the demo's codes cannot be read off it): more rows than Otro Taller holds leak.
    leaks: (r, f) => {
      const rows = (r as { rows: number }).rows;
      return rows > Object.keys(f.other.productIds).length ? `exported ${rows} rows` : null;
    },
    valid: () => ({ search: "filtro", sort: "name" }),
  },
  "categories.list": {
    kind: "scoped",
    leaks: (r, f) => listLeak(r as { id: number }[], f.demo.categoryIds, "category"),
  },
  "categories.create": {
    kind: "scoped",
    input: () => ({ name: "Ajena" }),
    leaks: (r, f) => findIds(r, "id", f.demo.categoryIds),
    valid: () => ({ name: "Nueva" }),
  },
  "categories.rename": {
    kind: "foreign",
    notOwned: CATALOGUE,
    input: (f) => ({ id: f.demo.categoryIds[0], name: "Renombrada" }),
    valid: (f) => ({ id: f.demo.categoryIds[0], name: "Lubricantes" }),
  },
  "categories.remove": { kind: "foreign", input: (f) => ({ id: f.demo.categoryIds[0] }), notOwned: CATALOGUE },
  "warehouses.list": {
    kind: "scoped",
    leaks: (r, f) => listLeak(r as { id: number }[], f.demo.warehouseIds, "warehouse"),
  },
  "warehouses.create": {
    kind: "scoped",
    input: () => ({ name: "Ajena" }),
    leaks: (r, f) => findIds(r, "id", f.demo.warehouseIds),
    valid: () => ({ name: "Nueva" }),
  },
  "warehouses.rename": {
    kind: "foreign",
    notOwned: CATALOGUE,
    input: (f) => ({ id: f.demo.warehouseIds[0], name: "Renombrada" }),
    valid: (f) => ({ id: f.demo.warehouseIds[1], name: "Bodega taller" }),
  },
  "warehouses.remove": { kind: "foreign", input: (f) => ({ id: f.demo.warehouseIds[1] }), notOwned: CATALOGUE },
  adjustStock: {
    kind: "foreign",
    notOwned: "a product's stock in a warehouse is the company's, no one's record",
    input: (f) => ({
      kind: "transfer",
      product_id: product(f),
      warehouse_id: f.demo.warehouseIds[0],
      to_warehouse_id: f.demo.warehouseIds[1],
      quantity: 1,
      reason: "Ajeno",
    }),
    valid: (f) => ({
      kind: "count",
      product_id: product(f),
      warehouse_id: f.demo.warehouseIds[0],
      quantity: 40,
      reason: "Conteo",
    }),
    attacks: (f) => [
      { kind: "count", product_id: product(f), warehouse_id: f.other.warehouseIds[0], quantity: 1, reason: "x" },
      { kind: "count", product_id: product(f), warehouse_id: f.demo.warehouseIds[0], quantity: -1, reason: "x" },
      {
        kind: "transfer",
        product_id: product(f),
        warehouse_id: f.demo.warehouseIds[0],
        to_warehouse_id: f.demo.warehouseIds[0],
        quantity: 1,
        reason: "x",
      },
    ],
  },
  "consumption.consume": {
    kind: "foreign",
    input: (f) => ({
      document_type: "Order",
      document_id: f.demo.orderIds[0],
      warehouse_id: f.demo.warehouseIds[0],
      lines: [{ product_id: product(f), quantity: 1 }],
    }),
    valid: (f) => ({
      document_type: "Order",
      document_id: f.demo.orderIds[0],
      warehouse_id: f.demo.warehouseIds[0],
      lines: [{ product_id: product(f), quantity: 1 }],
      reason: "Consumo",
    }),
    attacks: (f) => [
      { document_type: "Order", document_id: f.demo.orderIds[0], warehouse_id: f.demo.warehouseIds[0], lines: [] },
      {
        document_type: "Order",
        document_id: f.demo.orderIds[0],
        warehouse_id: f.demo.warehouseIds[0],
        lines: [
          { product_id: product(f), quantity: 1 },
          { product_id: product(f), quantity: 1 },
        ],
      },
      {
        document_type: "Order",
        document_id: f.demo.orderIds[0],
        warehouse_id: f.demo.warehouseIds[0],
        lines: [{ product_id: product(f), quantity: -5 }],
      },
      {
        document_type: "Budget",
        document_id: f.demo.orderIds[0],
        warehouse_id: f.demo.warehouseIds[0],
        lines: [{ product_id: product(f), quantity: 1 }],
      },
    ],
  },
  "consumption.list": {
    kind: "foreign",
    input: (f) => ({ document_type: "Booking", document_id: f.demo.bookingIds[0] }),
    valid: (f) => ({ document_type: "Order", document_id: f.demo.orderIds[0] }),
    attacks: (f) => [{ document_type: "Crm", document_id: f.demo.orderIds[0] }],
  },
  "consumption.suggestions": {
    kind: "foreign",
    input: (f) => ({ document_type: "Order", document_id: f.demo.orderIds[0] }),
    valid: (f) => ({ document_type: "Booking", document_id: f.demo.bookingIds[0] }),
    attacks: (f) => [{ document_type: "Order", document_id: -(f.demo.orderIds[0] as number) }],
  },
};
