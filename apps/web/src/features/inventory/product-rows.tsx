/**
 * One product in the inventory list: a table row on desktop, a card under 800 px, with the same information: code
 * and name (opening the product's page), category, stock per warehouse and in total, price and cost in CLP, and the
 * low-stock mark when a warehouse is below its minimum.
 */
import type { RouterOutputs } from "@taller/api";
import { formatMoney, formatNumber, isLowStock } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { TriangleAlert } from "lucide-react";

export type ProductListItem = RouterOutputs["inventory"]["products"]["list"]["products"][number];
export interface Warehouse {
  id: number;
  name: string;
}

/** Código, Nombre, Categoría, one column per warehouse, Total, Precio, Costo. */
// A warehouse column holds its name's start and the figure; codes of a dozen characters stay whole.
export const productColumns = (warehouses: number) =>
  `minmax(130px, 0.8fr) minmax(180px, 2fr) minmax(110px, 1fr) ${"minmax(110px, 0.8fr) ".repeat(warehouses)}80px 100px 100px`;
export const productTableMinWidth = (warehouses: number) => `${700 + 110 * warehouses}px`;

export function ProductHeader({ warehouses }: { warehouses: readonly Warehouse[] }) {
  return (
    <>
      <div role="columnheader">Código</div>
      <div role="columnheader">Nombre</div>
      <div role="columnheader">Categoría</div>
      {warehouses.map((w) => (
        <div role="columnheader" key={w.id} className="numeric">
          {w.name}
        </div>
      ))}
      <div role="columnheader" className="numeric">
        Total
      </div>
      <div role="columnheader" className="numeric">
        Precio
      </div>
      <div role="columnheader" className="numeric">
        Costo
      </div>
    </>
  );
}

function ProductLink({ product }: { product: ProductListItem }) {
  return (
    <Link to="/main/inventory/products/$id" params={{ id: String(product.id) }} className="product-code">
      {product.code}
    </Link>
  );
}

/** 'Stock bajo' beside the total: some warehouse holds less than its minimum. */
function LowMark({ product }: { product: ProductListItem }) {
  if (!product.low) return null;
  return (
    <span className="low-stock" title="Stock bajo el mínimo en alguna bodega">
      <TriangleAlert size={14} aria-hidden />
      Stock bajo
    </span>
  );
}

const held = (product: ProductListItem, warehouseId: number) =>
  product.stock.find((s) => s.warehouse_id === warehouseId);

export function ProductRow({ product, warehouses }: { product: ProductListItem; warehouses: readonly Warehouse[] }) {
  return (
    <>
      <div role="cell">
        <ProductLink product={product} />
      </div>
      <div role="cell">
        {product.name} <LowMark product={product} />
      </div>
      <div role="cell" className="muted">
        {product.category_name ?? "Sin categoría"}
      </div>
      {warehouses.map((w) => {
        const s = held(product, w.id);
        const low = s !== undefined && isLowStock(s.quantity, s.minimum);
        return (
          <div role="cell" key={w.id} className={`numeric${low ? " low-stock" : ""}`}>
            {formatNumber(s?.quantity ?? 0)}
          </div>
        );
      })}
      <div role="cell" className="numeric product-total">
        {formatNumber(product.total)}
      </div>
      <div role="cell" className="numeric">
        {formatMoney(product.price)}
      </div>
      <div role="cell" className="numeric muted">
        {formatMoney(product.buy_price)}
      </div>
    </>
  );
}

export function ProductCard({ product, warehouses }: { product: ProductListItem; warehouses: readonly Warehouse[] }) {
  return (
    <div className="list-card product-card">
      <div className="list-card-main">
        <div className="list-card-title">
          <ProductLink product={product} />
          <span className="muted">{product.category_name ?? "Sin categoría"}</span>
        </div>
        <div>
          {product.name} <LowMark product={product} />
        </div>
        <div className="product-card-stock muted">
          {warehouses.map((w) => (
            <span key={w.id}>
              {w.name}: {formatNumber(held(product, w.id)?.quantity ?? 0)}
            </span>
          ))}
          <strong>Total: {formatNumber(product.total)}</strong>
        </div>
        <div className="muted">
          Precio {formatMoney(product.price)} · Costo {formatMoney(product.buy_price)}
        </div>
      </div>
    </div>
  );
}
