// The catalogue's demo data: categories, products, a warehouse, what each demo requirement consumes and the add-ons
// it offers on the client's booking page. No randomness: the rest of the demo stays as it was.
import { present } from "@taller/core";
import type { Db } from "../client";
import { productCategories, products, requirementAddons, requirementProducts, warehouses } from "../schema";
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
): Promise<{ productIds: Record<Code, number>; products: { id: number; name: string; price: number }[] }> {
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
  await db.insert(warehouses).values({ companyId, name: "Bodega principal" });

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
  return { productIds, products: rows.map(({ id, name, price }) => ({ id, name, price })) };
}
