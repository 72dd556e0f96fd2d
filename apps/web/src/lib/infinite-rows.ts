/**
 * An infinite tRPC query (pages of { total, next_cursor, ...rows }) as the props VirtualList takes.
 *
 *   const query = trpc.orders.list.useInfiniteQuery(input, { getNextPageParam: nextCursor });
 *   const rows = useInfiniteRows(query, (page) => page.orders, "las órdenes");
 *   <VirtualList {...rows} … />
 *
 * A failed load empties the list (seed 002 section 8: the orders list "becomes empty"), stops asking for more, and
 * the list's footer says what failed with 'Reintentar' (`failed`) instead of its empty text.
 */
import { formatNumber, totalText } from "@taller/core";
import { createElement, useCallback, useMemo } from "react";
import { QueryFailed } from "./load-state";

export interface InfiniteRowsQuery<P> {
  data?: { pages: P[] };
  error: unknown;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch(): Promise<unknown>;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/** getNextPageParam for the lists' pages. */
export const nextCursor = (page: { next_cursor: string | null }) => page.next_cursor ?? undefined;

export function useInfiniteRows<P extends { total: number; total_capped: boolean }, T>(
  query: InfiniteRowsQuery<P>,
  rowsOf: (page: P) => readonly T[],
  /** What the list holds, with its article ("las órdenes"), for the failed state. */
  what: string,
) {
  const { data, isError, fetchNextPage } = query;
  // rowsOf is a plain accessor: the rows change only with the pages.
  const items = useMemo(() => (isError || !data ? [] : data.pages.flatMap(rowsOf)), [data, isError]);
  const onLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const first = data?.pages[0];
  return {
    items,
    // A capped total is only a lower bound: the rows loaded so far size the list instead.
    total: isError ? 0 : first?.total_capped ? undefined : first?.total,
    /** 'más de 10.000' when the count stopped at its cap; null otherwise (the rows tell their number). */
    cappedTotal: first?.total_capped && !isError ? totalText(first.total, true, formatNumber) : null,
    hasMore: query.hasNextPage && !isError,
    // Pending also covers a query still waiting for what it needs (the statuses behind a default filter).
    loading: (query.isPending && !isError) || query.isFetchingNextPage,
    onLoadMore,
    failed: isError ? createElement(QueryFailed, { query, what, inline: true }) : null,
  };
}
