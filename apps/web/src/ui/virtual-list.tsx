/**
 * A long list that keeps only the rows in view in the DOM (@tanstack/react-virtual) and asks for the next page as
 * the user nears its end (infinite scroll). It is its own scroll container: give it the remaining height.
 *
 *   // A table: `header` holds the column headers, `columns` is the CSS grid template shared by header and rows.
 *   // Narrower than `minWidth`, it scrolls sideways with its first column fixed; give tracks minimums that keep
 *   // the headers whole (e2e/layout-all.spec.ts checks them).
 *   <VirtualList label="Órdenes" items={orders} getKey={(o) => o.id} estimateSize={52}
 *     columns="28px 80px minmax(0, 2fr) …" minWidth="900px" header={<><div role="columnheader">N°</div>…</>}
 *     renderItem={(o) => <><div role="cell">#{o.correlative_id}</div>…</>}
 *     total={total} hasMore={hasNextPage && !isError} loading={isFetching} onLoadMore={fetchNextPage}
 *     loadingText="Cargando" emptyText="No se han encontrado órdenes" onItemClick={open} />
 *
 *   // Without `header`: a list of cards; `renderItem` gives each card.
 *
 * Rows carry aria-rowindex within aria-rowcount (`total`), so assistive technology knows where a row sits in the
 * whole list although most rows are not in the DOM. Pass `hasMore` false after a failed load, or the list would
 * ask again at once, and `failed` (lib/load-state.tsx's QueryFailed): the footer shows it instead of the empty text.
 * `onItemClick` ignores clicks on links and buttons inside the row.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import {
  type CSSProperties,
  type Key,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Spinner } from "./spinner";
import "./lists.css";

/** Rows left below the view when the next page is requested: it usually arrives before the user gets there. */
const LOAD_AHEAD = 15;

export interface VirtualListProps<T> {
  label: string;
  items: readonly T[];
  getKey(item: T): Key;
  renderItem(item: T, index: number): ReactNode;
  /** Expected row height in px; rows are measured once rendered. */
  estimateSize: number;
  header?: ReactNode;
  columns?: string;
  /** Narrowest the table may get before it scrolls sideways, its first column fixed (CSS length). */
  minWidth?: string;
  /** The width of a first column that is only a mark (a status dot): the second column stays fixed beside it. */
  markColumn?: string;
  /** Rows in the whole list (the server's total), when known. */
  total?: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore(): void;
  loadingText: string;
  emptyText: string;
  /** The failed load, shown instead of the empty text (null while nothing failed). */
  failed?: ReactNode;
  onItemClick?(item: T): void;
}

export function VirtualList<T>({
  label,
  items,
  getKey,
  renderItem,
  estimateSize,
  header,
  columns,
  minWidth,
  markColumn,
  total,
  hasMore,
  loading,
  onLoadMore,
  loadingText,
  emptyText,
  failed = null,
  onItemClick,
}: VirtualListProps<T>) {
  const table = header !== undefined;
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // Rows are placed from the top of the body, which starts below the sticky header.
  const [bodyTop, setBodyTop] = useState(0);
  useLayoutEffect(() => setBodyTop(bodyRef.current?.offsetTop ?? 0), [table]);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    // The virtualizer asks only for indexes below count (items.length), once per row per render.
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- an index below count
    getItemKey: (index) => getKey(items[index]!),
    scrollMargin: bodyTop,
    overscan: 6,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loading && lastShown >= items.length - 1 - LOAD_AHEAD) onLoadMore();
  }, [hasMore, loading, lastShown, items.length, onLoadMore]);

  const clickRow = (item: T) => (event: MouseEvent) => {
    if (!(event.target as Element).closest("a, button, input")) onItemClick?.(item);
  };
  const count = total ?? items.length;

  return (
    <div ref={scrollRef} className="vlist">
      <div
        className={table ? "vlist-table" : "vlist-cards"}
        role={table ? "table" : undefined}
        aria-label={table ? label : undefined}
        aria-rowcount={table ? count + 1 : undefined}
        data-mark-column={markColumn !== undefined || undefined}
        style={
          {
            "--vlist-columns": columns,
            "--vlist-min-width": minWidth,
            "--vlist-mark-width": markColumn,
          } as CSSProperties
        }
      >
        {table && (
          <div role="rowgroup" className="vlist-head">
            <div role="row" aria-rowindex={1} className="vlist-row">
              {header}
            </div>
          </div>
        )}
        <div
          ref={bodyRef}
          role={table ? "rowgroup" : "list"}
          aria-label={table ? undefined : label}
          className="vlist-body"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {rows.map((row) => {
            // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- virtual rows are indexes below count
            const item = items[row.index]!;
            return (
              <div
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={row.index}
                role={table ? "row" : "listitem"}
                aria-rowindex={table ? row.index + 2 : undefined}
                aria-setsize={table ? undefined : count}
                aria-posinset={table ? undefined : row.index + 1}
                className={`vlist-item${table ? " vlist-row" : ""}${onItemClick ? " vlist-item-clickable" : ""}`}
                style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
                onClick={onItemClick ? clickRow(item) : undefined}
              >
                {renderItem(item, row.index)}
              </div>
            );
          })}
        </div>
      </div>
      <div className="vlist-footer" role="status">
        {failed ? (
          failed
        ) : loading ? (
          <>
            <Spinner size={18} />
            {loadingText}
          </>
        ) : items.length === 0 ? (
          emptyText
        ) : null}
      </div>
    </div>
  );
}
