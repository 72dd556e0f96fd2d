// `pnpm bench:inventory [--products N] [--movements M] [--runs R] [--keep] [--reuse URL]`: the inventory at scale,
// through the real HTTP /trpc endpoint against the same SQL replayed directly (as bench:orders does), in one run.
//
// Creates a database on TEST_DATABASE_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), seeds
// "Taller Escala" with a thousand orders, N products (default 100,000) and M stock movements (default 2,000,000) with
// their balances (seedScaleInventory), starts the real server, logs in as admin@escala.demo and times the products list
// (first page, searches, a category, low stock) and a product's page (`products.get` and the first `movements` page),
// each over HTTP and as its recorded SQL. Then a receipt of 100 lines of a buy order through HTTP (`provider.receive`)
// against the same stock writes (`moveStock` of the 100 lines in a bare transaction). Drops the database unless --keep.
import { randomUUID } from "node:crypto";
import { seedScaleInventory, SCALE_BUY_ORDER_LINES, type ScaleInventory } from "@taller/db/seed";
import {
  benchHttpClient,
  benchLog,
  benchLogin,
  benchSeconds,
  percentiles,
  printTimings,
  recordingDatabase,
  runScaleBench,
  timeCases,
  type BenchCase,
  scaleBenchArgs,
} from "@taller/testing/bench";
import { createCallerFactory, createEventBus, withTransaction } from "@taller/trpc";
import { staffContext } from "@taller/trpc/testing";
import { inventoryRouter, moveStock } from "../src";

const args = scaleBenchArgs({ products: 100_000, movements: 2_000_000 }, 100);
const { products: PRODUCTS, movements: MOVEMENTS } = args.sizes;
const RUNS = args.runs;
// The bars: the list and the product's page p95 under 50 ms on the server, a 100-line receipt under 200 ms.
const TARGET = { ratio: 1.5, p95Ms: 50, receiptMs: 200 };

let seeded: ScaleInventory | null = null;

await runScaleBench(
  "inventory",
  {
    orders: 1000,
    keep: args.keep,
    reuse: args.reuse,
    seed: async (db, companyId) => {
      seeded = await seedScaleInventory(db, { companyId, products: PRODUCTS, movements: MOVEMENTS });
    },
  },
  async ({ database, raw, baseUrl, companyId }) => {
    const http = benchHttpClient(baseUrl, await benchLogin(baseUrl, "admin@escala.demo"));
    const recorder = recordingDatabase(database, raw);
    const captureBus = createEventBus(recorder.database);
    const context = await staffContext(recorder.database, captureBus, "admin@escala.demo");
    const caller = createCallerFactory(inventoryRouter)(context);
    const scale = seeded ?? (await reusedScale(raw, companyId));

    // A product in the middle of the catalogue, with its share of the movements.
    const [product] = await raw<{ id: number; code: string }[]>`
      SELECT id, code FROM products WHERE company_id = ${companyId} ORDER BY id OFFSET ${Math.floor(PRODUCTS / 2)} LIMIT 1`;
    const productId = product!.id;
    const category = scale.categoryIds[3]!;
    const list = (name: string, input: Parameters<typeof caller.products.list>[0]): BenchCase => ({
      name,
      path: "inventory.products.list",
      input,
      call: () => caller.products.list(input),
    });
    const cases: BenchCase[] = [
      list("list first page (by name)", {}),
      list("list first page (by code, desc)", { sort: "code", sort_direction: "desc" }),
      list("search a word (filtro)", { search: "filtro" }),
      list("search two words (bujia ngk)", { search: "bujia ngk" }),
      list(`search a code (${product!.code})`, { search: product!.code }),
      list("one category", { category_ids: [category] }),
      list("low stock only", { low_stock: true }),
      {
        name: "product page: products.get",
        path: "inventory.products.get",
        input: { id: productId },
        call: () => caller.products.get({ id: productId }),
      },
      {
        name: "product page: movements page 1",
        path: "inventory.products.movements",
        input: { product_id: productId },
        call: () => caller.products.movements({ product_id: productId }),
      },
    ];
    const results = await timeCases(cases, { http, recorder, runs: RUNS, warmup: 10 });
    console.log(
      `\ninventory: ${PRODUCTS} products, ${MOVEMENTS} movements in Taller Escala; ${RUNS} runs per case; times in ms`,
    );
    console.log(`targets: ratio p50 <= ${TARGET.ratio}, HTTP p95 < ${TARGET.p95Ms} ms\n`);
    printTimings(results, TARGET);

    // A receipt of 100 lines (one unit each) through HTTP, against the same stock writes in a bare transaction.
    const lines = await raw<{ id: number; product_id: number; price: number }[]>`
      SELECT id, product_id, price FROM provider_action_products
      WHERE company_id = ${companyId} AND action_id = ${scale.buyOrderId} ORDER BY id`;
    const warehouseId = scale.warehouseIds[1]!;
    const bare = { db: database.db, bus: createEventBus(database) };
    const who = { companyId, userId: context.user?.id ?? null };
    const receiptRuns = Math.min(RUNS, 50);
    const viaHttp: number[] = [];
    const direct: number[] = [];
    const started = performance.now();
    for (let run = 0; run < receiptRuns + 3; run++) {
      let t = performance.now();
      await http.mutation("provider.receive", {
        id: scale.buyOrderId,
        warehouse_id: warehouseId,
        key: randomUUID(),
        lines: lines.map((l) => ({ line_id: l.id, quantity: 1 })),
      });
      const httpMs = performance.now() - t;
      t = performance.now();
      await withTransaction(bare, (tx) =>
        moveStock(
          tx,
          who,
          lines.map((l) => ({
            productId: l.product_id,
            warehouseId,
            kind: "receipt" as const,
            quantity: 1,
            unitCost: l.price,
          })),
        ),
      );
      // The first three of each are warm-up.
      if (run >= 3) {
        viaHttp.push(httpMs);
        direct.push(performance.now() - t);
      }
    }
    const h = percentiles(viaHttp);
    const d = percentiles(direct);
    console.log(
      `\nreceipt of ${SCALE_BUY_ORDER_LINES} lines (${receiptRuns} runs in ${benchSeconds(started)}): ` +
        `HTTP provider.receive p50 ${h.p50.toFixed(1)} ms, p95 ${h.p95.toFixed(1)} ms; ` +
        `moveStock alone p50 ${d.p50.toFixed(1)} ms, p95 ${d.p95.toFixed(1)} ms; ratio p50 ${(h.p50 / d.p50).toFixed(2)}; ` +
        `${h.p95 < TARGET.receiptMs ? "ok" : "NOT ok"} (target p95 < ${TARGET.receiptMs} ms)`,
    );
    await Promise.all([captureBus.close(), bare.bus.close()]);
  },
);

/** On a kept database (--reuse): the warehouses, categories and buy order the seed made. */
async function reusedScale(raw: Parameters<Parameters<typeof runScaleBench>[2]>[0]["raw"], companyId: number) {
  benchLog("reusing the kept database's inventory");
  const ids = async (query: Promise<{ id: number }[]>) => (await query).map((r) => r.id);
  const [buyOrder] = await raw<{ id: number }[]>`
    SELECT a.id FROM provider_actions a JOIN providers p ON p.id = a.provider_id
    WHERE a.company_id = ${companyId} AND p.name = 'Repuestos Escala' ORDER BY a.id LIMIT 1`;
  return {
    warehouseIds: await ids(
      raw<{ id: number }[]>`SELECT id FROM warehouses WHERE company_id = ${companyId} ORDER BY id`,
    ),
    categoryIds: await ids(
      raw<{ id: number }[]>`SELECT id FROM product_categories WHERE company_id = ${companyId} ORDER BY id`,
    ),
    buyOrderId: buyOrder!.id,
  };
}
