/**
 * One product (/main/inventory/products/{id}): its data, its stock in each warehouse (minimum, average cost, the
 * low-stock mark) and its movements, newest first, a page at a time. 'Editar' and 'Ajustar stock' for those who may
 * update inventory. The page follows stock moved elsewhere (inventory.changed) and
 * categories or warehouses changed elsewhere (inventory.catalogue_changed).
 */
import type { RouterOutputs } from "@taller/api";
import {
  formatDateTime,
  INVENTORY_ACTION_NAMES,
  formatMoney,
  formatNumber,
  INVENTORY_TEXTS,
  isLowStock,
  STOCK_MOVEMENT_NAMES,
  totalText,
} from "@taller/core";
import { Link } from "@tanstack/react-router";
import { Pencil, SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { useRefreshOn } from "../../lib/company-events";
import { useTerms } from "../../lib/company-setup";
import { nextCursor } from "../../lib/infinite-rows";
import { QueryFailed } from "../../lib/load-state";
import { useCan } from "../../lib/permissions";
import { RecordPage } from "../../lib/record-page";
import { usePreload } from "../../lib/lazy-part";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { ScrollTable } from "../../ui/scroll-table";
import { Spinner } from "../../ui/spinner";
import { AdjustStockDialog, AdjustStockForm, ProductForm, ProductFormDialog } from "./form-dialogs";
import "./inventory.css";

type ProductPageData = RouterOutputs["inventory"]["products"]["get"];

function Facts({ page }: { page: ProductPageData }) {
  const { product } = page;
  const facts: [string, string][] = [
    ["Categoría", product.category_name ?? "Sin categoría"],
    ["Unidad", product.unit],
    ["Precio de venta", formatMoney(product.price)],
    ["Costo", formatMoney(product.buy_price)],
    ["Stock total", formatNumber(page.total)],
  ];
  return (
    <dl className="product-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {product.description && (
        <div className="product-facts-wide">
          <dt>Descripción</dt>
          <dd>{product.description}</dd>
        </div>
      )}
    </dl>
  );
}

function StockCard({ page }: { page: ProductPageData }) {
  return (
    <Card title="Stock por bodega">
      {page.stock.length === 0 ? (
        <p className="muted">Sin bodegas: créalas en 'Categorías y bodegas' de la lista de productos.</p>
      ) : (
        <ScrollTable className="stock-table" aria-label="Stock por bodega">
          <thead>
            <tr>
              <th>Bodega</th>
              <th className="numeric">Stock</th>
              <th className="numeric">Mínimo</th>
              <th className="numeric">Costo promedio</th>
            </tr>
          </thead>
          <tbody>
            {page.stock.map((s) => (
              <tr key={s.warehouse_id} className={isLowStock(s.quantity, s.minimum) ? "low-stock" : undefined}>
                <td>{s.warehouse_name}</td>
                <td className="numeric">
                  {formatNumber(s.quantity)}
                  {isLowStock(s.quantity, s.minimum) && <span className="low-stock-text"> · Stock bajo</span>}
                </td>
                <td className="numeric">{s.minimum ? formatNumber(s.minimum) : "-"}</td>
                <td className="numeric">{formatMoney(s.average_cost)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </Card>
  );
}

type PagedQuery = {
  data?: { pages: { total: number; total_capped: boolean }[] };
  isError: boolean;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
} & Parameters<typeof QueryFailed>[0]["query"];

/** A card of a paged history on the product's page: its count in the title, its states and 'Ver más …'. */
function PagedCard<Row>(props: {
  title: string;
  /** 'los movimientos' (what failed to load), 'Cargando movimientos', 'Sin movimientos', 'Ver más movimientos'. */
  what: string;
  loading: string;
  empty: string;
  more: string;
  query: PagedQuery;
  rows: Row[];
  children: (rows: Row[]) => React.ReactNode;
}) {
  const { query, rows } = props;
  const first = query.data?.pages[0];
  return (
    <Card title={first ? `${props.title} (${totalText(first.total, first.total_capped, formatNumber)})` : props.title}>
      {query.isError && rows.length === 0 ? (
        <QueryFailed query={query} what={props.what} inline />
      ) : query.isPending ? (
        <Spinner label={props.loading} />
      ) : rows.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        props.children(rows)
      )}
      {query.hasNextPage && (
        <Button variant="text" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {props.more}
        </Button>
      )}
    </Card>
  );
}

function Movements({ productId }: { productId: number }) {
  const query = trpc.inventory.products.movements.useInfiniteQuery(
    { product_id: productId },
    { getNextPageParam: nextCursor },
  );
  const rows = query.data?.pages.flatMap((p) => p.movements) ?? [];
  return (
    <PagedCard
      title="Movimientos"
      what="los movimientos"
      loading="Cargando movimientos"
      empty="Sin movimientos"
      more="Ver más movimientos"
      query={query}
      rows={rows}
    >
      {(shown) => (
        <ul className="movement-rows">
          {shown.map((m) => (
            <li key={m.id}>
              <span className={`movement-quantity ${m.quantity > 0 ? "in" : "out"}`}>
                {m.quantity > 0 ? "+" : ""}
                {formatNumber(m.quantity)}
              </span>
              <span>
                <strong>{STOCK_MOVEMENT_NAMES[m.kind]}</strong> · {m.warehouse_name} · queda{" "}
                {formatNumber(m.balance_after)}
                <span className="muted">
                  {" "}
                  · {formatMoney(m.unit_cost)} c/u · {formatDateTime(m.created_at)}
                  {m.user_name ? ` · ${m.user_name}` : ""}
                </span>
                {m.reason && <span className="movement-reason">{m.reason}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PagedCard>
  );
}

type Use = RouterOutputs["inventory"]["products"]["usage"]["usage"][number];

/** Where one use leads: the order, the booking, the budget or the inventory action's page. */
function UseLink({ use }: { use: Use }) {
  const terms = useTerms();
  const id = String(use.document_id);
  if (use.type === "order")
    return (
      <Link to="/main/orders/$id" params={{ id }}>
        {terms.order.one} #{use.number}
      </Link>
    );
  if (use.type === "booking")
    return (
      <Link to="/main/bookings/$id" params={{ id }}>
        Reserva #{use.number}
      </Link>
    );
  if (use.type === "budget")
    return (
      <Link to="/main/budgets/$id" params={{ id }}>
        Presupuesto #{use.number}
      </Link>
    );
  return (
    <Link to="/main/inventory-actions/$id" params={{ id }}>
      {INVENTORY_ACTION_NAMES[use.type]} #{use.number}
    </Link>
  );
}

/** 'Dónde se usó': the orders that consumed it, the budgets, pricings and buy orders that carry it. */
function Usage({ productId }: { productId: number }) {
  const terms = useTerms();
  const query = trpc.inventory.products.usage.useInfiniteQuery(
    { product_id: productId },
    { getNextPageParam: nextCursor },
  );
  const rows = query.data?.pages.flatMap((p) => p.usage) ?? [];
  return (
    <PagedCard
      title="Dónde se usó"
      what="los usos del producto"
      loading="Cargando usos"
      empty={`Aún no se usa en ${terms.order.manyLower}, presupuestos ni compras`}
      more="Ver más usos"
      query={query}
      rows={rows}
    >
      {(shown) => (
        <ul className="movement-rows">
          {shown.map((u) => (
            <li key={`${u.type}-${u.document_id}-${u.at}`}>
              <span className="movement-quantity">{formatNumber(u.quantity)}</span>
              <span>
                <strong>
                  <UseLink use={u} />
                </strong>
                <span className="muted">
                  {u.received !== null ? ` · recibidas ${formatNumber(u.received)}` : ""} · {formatDateTime(u.at)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </PagedCard>
  );
}

function ProductView({ page }: { page: ProductPageData }) {
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  usePreload(can("update", "inventory_action") && ProductForm, can("update", "inventory_action") && AdjustStockForm);
  const { product } = page;
  return (
    <div className="product-page-body">
      <Card
        title={
          <>
            <span className="product-code">{product.code}</span> {product.name}
          </>
        }
        actions={
          can("update", "inventory_action") && (
            <>
              <Button
                variant="secondary"
                icon={<SlidersHorizontal size={16} aria-hidden />}
                onClick={() => setAdjusting(true)}
                disabledReason={page.stock.length ? null : "Crea una bodega primero"}
              >
                Ajustar stock
              </Button>
              <Button variant="secondary" icon={<Pencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
                Editar
              </Button>
            </>
          )
        }
      >
        <Facts page={page} />
      </Card>
      <StockCard page={page} />
      <Movements productId={product.id} />
      <Usage productId={product.id} />
      {editing && <ProductFormDialog open onOpenChange={setEditing} page={page} />}
      {adjusting && <AdjustStockDialog open onOpenChange={setAdjusting} productId={product.id} stock={page.stock} />}
    </div>
  );
}

/** The product's page, kept fresh when stock moves elsewhere. */
function useProduct(id: number) {
  const utils = trpc.useUtils();
  // Its category, the warehouses of its stock and the form's choices follow renames and removals elsewhere.
  useRefreshOn(["inventory.changed", "inventory.catalogue_changed"], () => utils.inventory.invalidate());
  return trpc.inventory.products.get.useQuery({ id });
}

/** /main/inventory/products/{id} */
export function ProductPage() {
  return (
    <RecordPage
      className="product-page"
      back="/main/inventory/products"
      what="el producto"
      notFound={INVENTORY_TEXTS.productNotFound}
      useRecord={useProduct}
    >
      {(page) => <ProductView page={page} />}
    </RecordPage>
  );
}
