// The catalogue's demo data: categories, products, two warehouses with opening stock, what each demo requirement
// consumes and the add-ons it offers on the client's booking page. No randomness: the rest of the demo stays as it was.
import { present } from "@taller/core";
import type { Db } from "../client";
import {
  productCategories,
  products,
  requirementAddons,
  requirementProducts,
  stockBalances,
  stockMovements,
  warehouses,
} from "../schema";
import { REQUIREMENTS } from "./data";

type RequirementName = (typeof REQUIREMENTS)[number][0];

// code, name, category, price, buy price, description (integer pesos).
const PRODUCTS = [
  ["ACE-5W30", "Aceite 5W-30 (1 L)", "Lubricantes", 8_990, 5_200, null],
  ["LIQ-DOT4", "Líquido de frenos DOT4 (500 ml)", "Lubricantes", 5_990, 2_900, null],
  ["FIL-ACE", "Filtro de aceite", "Filtros", 6_490, 3_100, null],
  ["FIL-AIR", "Filtro de aire", "Filtros", 9_990, 4_800, null],
  ["FIL-POL", "Filtro de polen", "Filtros", 11_990, 5_500, null],
  ["PAS-DEL", "Pastillas de freno delanteras", "Frenos", 32_990, 18_500, null],
  ["BUJ-IRI", "Bujía de iridio", "Encendido", 7_990, 3_900, null],
  ["LIM-CON", "Limpiador de contactos eléctricos", "Insumos", 4_990, 2_300, null],
  ["LAV-EXT", "Lavado exterior", "Servicios", 7_000, 0, "Lavado a mano de carrocería y llantas"],
  ["LAV-INT", "Aspirado interior", "Servicios", 5_000, 0, "Aspirado de asientos, alfombras y maleta"],
  [
    "DES-AC",
    "Desinfección del aire acondicionado",
    "Servicios",
    15_000,
    4_000,
    "Limpieza del circuito y cambio de aroma",
  ],
  ["PLU-PAR", "Plumillas limpiaparabrisas (par)", "Accesorios", 12_990, 6_000, "Instaladas en el momento"],
] as const;
type Code = (typeof PRODUCTS)[number][0];

/** Opening stock in the main warehouse, and its minimum: code, units, minimum (the parts, not the services). */
const OPENING: [Code, number, number][] = [
  ["ACE-5W30", 40, 12],
  ["LIQ-DOT4", 6, 4],
  ["FIL-ACE", 10, 4],
  ["FIL-AIR", 8, 3],
  ["FIL-POL", 2, 3],
  ["PAS-DEL", 4, 2],
  ["BUJ-IRI", 16, 8],
  ["LIM-CON", 5, 2],
];

/** What each requirement consumes: product code and quantity. */
const CONSUMPTION: Partial<Record<RequirementName, [Code, number][]>> = {
  "Mantención 10.000 km": [
    ["ACE-5W30", 4],
    ["FIL-ACE", 1],
    ["FIL-AIR", 1],
  ],
  "Mantención 20.000 km": [
    ["ACE-5W30", 4],
    ["FIL-ACE", 1],
    ["FIL-AIR", 1],
    ["FIL-POL", 1],
    ["BUJ-IRI", 4],
  ],
  "Cambio de aceite": [
    ["ACE-5W30", 4],
    ["FIL-ACE", 1],
  ],
  Frenos: [
    ["PAS-DEL", 1],
    ["LIQ-DOT4", 1],
  ],
  Diagnóstico: [["LIM-CON", 1]],
};

/** The add-ons every requirement offers on the client's page, with the most units of each. */
const ADDONS: [Code, number][] = [
  ["LAV-EXT", 1],
  ["LAV-INT", 1],
  ["DES-AC", 1],
  ["PLU-PAR", 2],
];

export async function seedCatalogue(
  db: Db,
  companyId: number,
  requirementIds: readonly number[],
): Promise<{
  productIds: Record<Code, number>;
  products: { id: number; name: string; price: number }[];
  categoryIds: number[];
  warehouseIds: number[];
}> {
  const categoryNames = [...new Set(PRODUCTS.map((p) => p[2]))];
  const categories = await db
    .insert(productCategories)
    .values(categoryNames.map((name) => ({ companyId, name })))
    .returning({ id: productCategories.id, name: productCategories.name });
  const categoryId = new Map(categories.map((c) => [c.name, c.id]));
  const rows = await db
    .insert(products)
    .values(
      PRODUCTS.map(([code, name, category, price, buyPrice, description]) => ({
        companyId,
        code,
        name,
        price,
        buyPrice,
        description,
        categoryId: categoryId.get(category) ?? null,
      })),
    )
    .returning({ id: products.id, code: products.code, name: products.name, price: products.price });
  const productIds = Object.fromEntries(rows.map((p) => [p.code, p.id])) as Record<Code, number>;
  const stores = await db
    .insert(warehouses)
    .values([
      { companyId, name: "Bodega principal" },
      { companyId, name: "Bodega taller" },
    ])
    .returning({ id: warehouses.id });
  const main = present(stores[0], "main warehouse").id;
  // Each opening balance with the receipt that explains it (balance = sum of movements, as the inventory package's
  // write module keeps it), at the product's buy price.
  const opening = OPENING.map(([code, quantity, minimum]) => {
    const product = present(
      rows.find((r) => r.code === code),
      code,
    );
    const cost = present(
      PRODUCTS.find((p) => p[0] === code),
      code,
    )[4];
    return { companyId, productId: product.id, warehouseId: main, quantity, minimum, cost };
  });
  await db.insert(stockBalances).values(opening.map(({ cost, ...b }) => ({ ...b, averageCost: cost })));
  await db.insert(stockMovements).values(
    opening.map((b) => ({
      companyId,
      productId: b.productId,
      warehouseId: main,
      kind: "receipt" as const,
      quantity: b.quantity,
      unitCost: b.cost,
      balanceAfter: b.quantity,
      reason: "Inventario inicial",
    })),
  );

  const consumption = REQUIREMENTS.flatMap(([name], i) =>
    (CONSUMPTION[name] ?? []).map(([code, quantity]) => ({
      companyId,
      requirementId: present(requirementIds[i], "requirement"),
      productId: productIds[code],
      quantity,
    })),
  );
  if (consumption.length) await db.insert(requirementProducts).values(consumption);
  await db
    .insert(requirementAddons)
    .values(
      requirementIds.flatMap((requirementId) =>
        ADDONS.map(([code, maxQuantity]) => ({ companyId, requirementId, productId: productIds[code], maxQuantity })),
      ),
    );
  return {
    productIds,
    products: rows.map(({ id, name, price }) => ({ id, name, price })),
    categoryIds: categories.map((c) => c.id),
    warehouseIds: stores.map((w) => w.id),
  };
}
