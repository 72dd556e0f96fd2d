// Inventory (issue 25): products with their stock per warehouse, categories, warehouses and the movements that change
// stock. The texts and the pure rules (the low-stock marker); the input schemas both sides validate with are in
// inventory-schemas.ts, apart, so that the inventory's lists load no zod until a form opens.

export const INVENTORY_TEXTS = {
  productNotFound: "Producto no encontrado",
  codeTaken: "Ya existe un producto con ese código",
  categoryNotFound: "Categoría no encontrada",
  categoryTaken: "Ya existe una categoría con ese nombre",
  categoryInUse: "No se puede eliminar: hay productos en esta categoría",
  warehouseNotFound: "Bodega no encontrada",
  warehouseTaken: "Ya existe una bodega con ese nombre",
  warehouseInUse: "No se puede eliminar: la bodega tiene stock o movimientos",
  sameWarehouse: "Elige una bodega de destino distinta",
  /** A decrease the balance cannot cover (the company does not allow negative stock). */
  notEnoughStock: (code: string, warehouse: string, available: number) =>
    `Stock insuficiente de ${code} en ${warehouse}: hay ${available}`,
} as const;

/** What each movement kind is called on the product's page and in a stock adjustment. */
export const STOCK_MOVEMENT_NAMES = {
  receipt: "Recepción",
  consumption: "Consumo",
  count: "Conteo",
  transfer_out: "Traslado (salida)",
  transfer_in: "Traslado (entrada)",
} as const;

/** Units and prices far above a workshop's, below what an integer column holds. */
export const MAX_STOCK_QUANTITY = 1_000_000;
/** The products list's sorts: each an index order with the id as tie-breaker. */
export const PRODUCT_SORTS = ["name", "code"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The documents stock is consumed for: an order (its 'Repuestos consumidos') or a booking. */
export const CONSUMPTION_DOCUMENTS = ["Order", "Booking"] as const;
export type ConsumptionDocument = (typeof CONSUMPTION_DOCUMENTS)[number];

/** Low stock: a warehouse with a minimum set holds fewer units than it. */
export function isLowStock(quantity: number, minimum: number): boolean {
  return minimum > 0 && quantity < minimum;
}
