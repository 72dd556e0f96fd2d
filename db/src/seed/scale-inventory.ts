// Inventory at scale (pnpm bench:inventory): `products` products in 40 categories, three warehouses, `movements`
// stock movements spread over the products and warehouses (two receipts then a consumption, so no balance goes below
// zero), the balances they add up to (a tenth of them under a minimum), and a buy order of 100 lines with room for
// many receipts. Set-based SQL over generate_series; the products' search trigger folds their text as they go in.
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { queryRows } from "../sql";

const WAREHOUSES = ["Bodega Central", "Bodega Norte", "Bodega Sur"];
const CATEGORIES = 40;
const NAMES = ["Filtro", "Aceite", "Pastilla", "Disco", "Bujía", "Correa", "Amortiguador", "Batería", "Neumático"];
const MAKERS = ["Bosch", "Mann", "Brembo", "NGK", "Gates", "Monroe", "Varta", "Michelin", "Castrol", "Valeo"];
/** Lines of the bench's buy order, each with room for 100,000 units (a receipt of one unit per line per run). */
export const SCALE_BUY_ORDER_LINES = 100;

export interface ScaleInventory {
  warehouseIds: number[];
  categoryIds: number[];
  buyOrderId: number;
}

/** An integer constant inlined in the SQL (a parameter's type would be unknown inside the expressions). */
const n = (value: number) => sql.raw(String(Math.trunc(value)));

export async function seedScaleInventory(
  db: Db,
  opts: { companyId: number; products: number; movements: number },
): Promise<ScaleInventory> {
  const c = opts.companyId;
  const array = (values: string[]) =>
    sql`ARRAY[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;
  await db.execute(sql`INSERT INTO warehouses (company_id, name) SELECT ${c}, unnest(${array(WAREHOUSES)})
                       ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO product_categories (company_id, name)
                       SELECT ${c}, 'Categoría ' || g FROM generate_series(1, ${n(CATEGORIES)}) g ON CONFLICT DO NOTHING`);
  const warehouseIds = (
    await queryRows<{ id: number }>(db, sql`SELECT id FROM warehouses WHERE company_id = ${c} ORDER BY id`)
  ).map((r) => r.id);
  const categoryIds = (
    await queryRows<{ id: number }>(db, sql`SELECT id FROM product_categories WHERE company_id = ${c} ORDER BY id`)
  ).map((r) => r.id);
  const [first] = await queryRows<{ id: number }>(
    db,
    sql`WITH inserted AS (
          INSERT INTO products (company_id, code, name, category_id, price, buy_price, unit)
          SELECT ${c}, 'SKU-' || lpad(g::text, 7, '0'),
               (${array(NAMES)})[1 + g % ${n(NAMES.length)}] || ' ' || (${array(MAKERS)})[1 + (g / 7) % ${n(MAKERS.length)}]
                 || ' ' || g,
               (${sql.raw(`ARRAY[${categoryIds.join(",")}]::int[]`)})[1 + g % ${n(categoryIds.length)}],
               1000 + (g * 37) % 90000, 500 + (g * 17) % 45000, 'unidad'
          FROM generate_series(1, ${n(opts.products)}) g
          RETURNING id)
        SELECT min(id) AS id FROM inserted`,
  );
  const firstId = first?.id ?? 0;
  const products = opts.products;
  const ws = sql.raw(`ARRAY[${warehouseIds.join(",")}]::int[]`);
  // Movement g: product g % P, warehouse (g / P) % W, its k-th of that pair k = g / (P × W); every third a
  // consumption of one unit after two receipts of two, so the running balance stays positive.
  const moves = sql`(SELECT g, ${n(firstId)} + g % ${n(products)} AS product_id,
           (${ws})[1 + (g / ${n(products)}) % ${n(warehouseIds.length)}] AS warehouse_id, k,
           CASE WHEN k % 3 = 2 THEN -1 ELSE 2 END AS quantity
    FROM generate_series(0, ${n(opts.movements - 1)}) g, LATERAL (SELECT g / (${n(products)} * ${n(warehouseIds.length)}) AS k) x) m`;
  // The balances first (a movement's key is its balance), each the sum of its movements.
  await db.execute(sql`
    INSERT INTO stock_balances (company_id, product_id, warehouse_id, quantity, average_cost, minimum)
    SELECT ${c}, product_id, warehouse_id, sum(quantity), 800, CASE WHEN product_id % 10 = 0 THEN 1000 ELSE 0 END
    FROM ${moves} GROUP BY product_id, warehouse_id`);
  await db.execute(sql`
    INSERT INTO stock_movements (company_id, product_id, warehouse_id, kind, quantity, unit_cost, balance_after, reason,
                                 created_at)
    SELECT ${c}, product_id, warehouse_id, CASE WHEN k % 3 = 2 THEN 'consumption' ELSE 'receipt' END, quantity,
           500 + (g % 1000), (k / 3) * 3 + CASE k % 3 WHEN 0 THEN 2 WHEN 1 THEN 4 ELSE 3 END, '',
           now() - interval '2 years' * (1 - g::float8 / ${n(opts.movements)})
    FROM ${moves} ORDER BY g`);
  const [order] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE company_id = ${c} ORDER BY id DESC LIMIT 1`,
  );
  const [buyOrder] = await queryRows<{ id: number }>(
    db,
    sql`WITH p AS (INSERT INTO providers (company_id, name) VALUES (${c}, 'Repuestos Escala') RETURNING id)
        INSERT INTO provider_actions (company_id, kind, provider_id, order_id, warehouse_id, status)
        SELECT ${c}, 'buy_order', p.id, ${order?.id ?? null}, ${warehouseIds[0] ?? null}, 'pending' FROM p
        RETURNING id`,
  );
  const buyOrderId = buyOrder?.id ?? 0;
  await db.execute(sql`
    INSERT INTO provider_action_products (company_id, action_id, product_id, required_quantity, quantity, price)
    SELECT ${c}, ${buyOrderId}, ${n(firstId)} + g * (${n(products)} / ${n(SCALE_BUY_ORDER_LINES)}), 100000, 100000, 700 + g
    FROM generate_series(0, ${n(SCALE_BUY_ORDER_LINES - 1)}) g`);
  return { warehouseIds, categoryIds, buyOrderId };
}
