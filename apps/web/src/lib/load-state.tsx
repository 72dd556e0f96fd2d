/**
 * One way for a query-backed screen, card or list to tell loading, empty and failed apart (docs/web.md, "Loading,
 * empty and failed"). A failure never reads as an empty list or an endless spinner: it says what did not load, in
 * Spanish, with 'Reintentar'.
 *
 *   <QueryState query={clients} what="los clientes" empty={(rows) => rows.length === 0 && <p>Sin clientes</p>}>
 *     {(rows) => <Table rows={rows} />}
 *   </QueryState>
 *
 *   if (query.isError) return <QueryFailed query={query} what="el presupuesto" />;   // a screen's own branches
 */
import type { ReactNode } from "react";
import { LoadFailed } from "../ui/load-failed";
import { PageLoader, Spinner } from "../ui/spinner";
import { errorCode } from "./api";
import { loadFailureText } from "./load-failure";

/** What of a query (useQuery, useInfiniteQuery) these need. */
export interface LoadingQuery<T = unknown> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch(): Promise<unknown>;
}

/** The Spanish sentence for a failed load of `what` ("las órdenes"). */
export function failureText(what: string, error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  return loadFailureText(what, { code: errorCode(error), message });
}

/** The failed state of a query: its sentence and 'Reintentar', which refetches it. */
export function QueryFailed({
  query,
  what,
  inline,
}: {
  query: Pick<LoadingQuery, "error" | "isFetching" | "refetch">;
  what: string;
  inline?: boolean;
}) {
  return (
    <LoadFailed
      text={failureText(what, query.error)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      inline={inline}
    />
  );
}

/**
 * Loading (a spinner, or the page loader for a whole screen), failed (QueryFailed), empty (`empty`'s answer when it
 * gives one) or the data. Data already shown stays when a later refetch fails.
 */
export function QueryState<T>({
  query,
  what,
  page = false,
  inline = false,
  empty,
  children,
}: {
  query: LoadingQuery<T>;
  what: string;
  /** A whole screen: the centred page loader while loading. */
  page?: boolean;
  inline?: boolean;
  empty?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.data === undefined) {
    if (query.isError) return <QueryFailed query={query} what={what} inline={inline} />;
    return page ? <PageLoader /> : <Spinner label="Cargando…" />;
  }
  const nothing = empty?.(query.data);
  return <>{nothing ? nothing : children(query.data)}</>;
}
