/**
 * What the products list asks for, shared by the screen and its route's loader (prefetch.ts): the search, the
 * categories picked (null: every one), 'Solo stock bajo' and the sort, by name A-Z at first.
 */
import type { ProductSort, SortDirection } from "@taller/core";

export interface ProductsOrder {
  sort: ProductSort;
  sort_direction: SortDirection;
}

export const DEFAULT_PRODUCTS_ORDER: ProductsOrder = { sort: "name", sort_direction: "asc" };

export const productsListInput = (
  search: string,
  categoryIds: number[] | null,
  lowStock: boolean,
  order: ProductsOrder,
) => ({ search: search || null, category_ids: categoryIds, low_stock: lowStock || null, ...order });
