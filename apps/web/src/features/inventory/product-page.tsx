/**
 * One product (/main/inventory/products/{id}): its data, its stock in each warehouse (minimum, average cost, the
 * low-stock mark) and its movements, newest first, a page at a time. 'Editar' and 'Ajustar stock' for those who may
 * update inventory. The page follows stock moved elsewhere (inventory.changed) and
 * categories or warehouses changed elsewhere (inventory.catalogue_changed).
 */
import type { RouterOutputs } from "@taller/api";
import {
  formatDateTime,
  formatMoney,
  formatNumber,
  INVENTORY_TEXTS,
  isLowStock,
  STOCK_MOVEMENT_NAMES,
  totalText,
} from "@taller/core";
import { Pencil, SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { useRefreshOn } from "../../lib/company-events";
import { nextCursor } from "../../lib/infinite-rows";
import { QueryFailed } from "../../lib/load-state";
import { useCan } from "../../lib/permissions";
import { RecordPage } from "../../lib/record-page";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { ScrollTable } from "../../ui/scroll-table";
import { Spinner } from "../../ui/spinner";
import { AdjustStockDialog } from "./adjust-dialog";
import { ProductFormDialog } from "./product-form";
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

function Movements({ productId }: { productId: number }) {
  const query = trpc.inventory.products.movements.useInfiniteQuery(
    { product_id: productId },
    { getNextPageParam: nextCursor },
  );
  const rows = query.data?.pages.flatMap((p) => p.movements) ?? [];
  const first = query.data?.pages[0];
  return (
    <Card title={first ? `Movimientos (${totalText(first.total, first.total_capped, formatNumber)})` : "Movimientos"}>
      {query.isError && rows.length === 0 ? (
        <QueryFailed query={query} what="los movimientos" inline />
      ) : query.isPending ? (
        <Spinner label="Cargando movimientos" />
      ) : rows.length === 0 ? (
        <p className="muted">Sin movimientos</p>
      ) : (
        <ul className="movement-rows">
          {rows.map((m) => (
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
      {query.hasNextPage && (
        <Button variant="text" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Ver más movimientos
        </Button>
      )}
    </Card>
  );
}

function ProductView({ page }: { page: ProductPageData }) {
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
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
