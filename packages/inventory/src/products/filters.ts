import { PRODUCT_SORTS, productFiltersSchema, SORT_DIRECTIONS } from "@taller/core";
import { searchTerm } from "@taller/db";
import { normalizeIds } from "@taller/trpc";
import { z } from "zod";
import type { ProductFilters, ProductOrder } from "./list-query";

export const filtersInput = productFiltersSchema;

export const sortInput = {
  sort: z.enum(PRODUCT_SORTS).default("name"),
  // Not `direction`: tRPC's infinite queries own an input field of that name.
  sort_direction: z.enum(SORT_DIRECTIONS).default("asc"),
};

/** The input's filters for the caller's company (never the input's). */
export function productFilters(
  companyId: number,
  input: { search?: string | null; category_ids?: readonly number[] | null; low_stock?: boolean | null },
): ProductFilters {
  return {
    companyId,
    search: searchTerm(input.search),
    categoryIds: normalizeIds(input.category_ids),
    lowStock: input.low_stock === true,
  };
}

export const productOrder = (input: { sort: ProductOrder["sort"]; sort_direction: ProductOrder["direction"] }) => ({
  sort: input.sort,
  direction: input.sort_direction,
});
