/**
 * The products list (/main/inventory/products, issue 25 section 1): search by code or name (accents and case do not
 * matter), a category filter, 'Solo stock bajo', a sort, and a virtualized table (cards under 800 px) with the stock
 * of each warehouse and in total, price and cost in CLP and the low-stock mark; .xlsx export of the filtered list,
 * 'Nuevo' and 'Categorías y bodegas' for those who may. The list follows stock moved elsewhere (inventory.changed) and
 * categories or warehouses changed elsewhere (inventory.catalogue_changed).
 */
import { PRODUCT_SORTS, type ProductSort, type SortDirection } from "@taller/core";
import { useNavigate } from "@tanstack/react-router";
import { Plus, Settings2 } from "lucide-react";
import { useState } from "react";
import { useRefreshOn } from "../../lib/company-events";
import { nextCursor, useInfiniteRows } from "../../lib/infinite-rows";
import { useIsNarrow } from "../../lib/media";
import { useCan } from "../../lib/permissions";
import { usePreload } from "../../lib/lazy-part";
import { trpc } from "../../lib/trpc";
import { useSearchText } from "../../lib/url-search";
import { Button } from "../../ui/button";
import { FilterDialog } from "../../ui/filter-dialog";
import { IconButton } from "../../ui/icon-button";
import { ListPage, ListTotal } from "../../ui/list-page";
import { Select } from "../../ui/select";
import { Switch } from "../../ui/switch";
import { VirtualList } from "../../ui/virtual-list";
import { CatalogueDialog } from "./catalogue-dialog";
import { ProductForm, ProductFormDialog } from "./form-dialogs";
import { ProductsExport } from "./products-export";
import { productColumns, ProductCard, ProductHeader, ProductRow, productTableMinWidth } from "./product-rows";
import { InventoryTabs } from "./inventory-tabs";
import { DEFAULT_PRODUCTS_ORDER, type ProductsOrder, productsListInput } from "./list-input";
import "./inventory.css";

const SORT_NAMES: Record<ProductSort, string> = { name: "Nombre", code: "Código" };
const SORT_OPTIONS = PRODUCT_SORTS.flatMap((sort) =>
  (["asc", "desc"] as const).map((direction) => ({
    value: `${sort}:${direction}`,
    label: `${SORT_NAMES[sort]} ${direction === "asc" ? "A-Z" : "Z-A"}`,
  })),
);

export function ProductsPage() {
  const narrow = useIsNarrow();
  const navigate = useNavigate();
  const can = useCan();
  const utils = trpc.useUtils();
  const [search, setSearch] = useSearchText();
  // null: every category (products without one included).
  const [categoryIds, setCategoryIds] = useState<number[] | null>(null);
  const [lowStock, setLowStock] = useState(false);
  const [order, setOrder] = useState<ProductsOrder>(DEFAULT_PRODUCTS_ORDER);
  const [filterOpen, setFilterOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  usePreload(can("create", "inventory_action") && ProductForm);
  const [managing, setManaging] = useState(false);

  const categories = trpc.inventory.categories.list.useQuery();
  const warehouses = trpc.inventory.warehouses.list.useQuery();
  const filters = productsListInput(search, categoryIds, lowStock, order);
  const list = trpc.inventory.products.list.useInfiniteQuery(filters, { getNextPageParam: nextCursor });
  const { cappedTotal, ...rows } = useInfiniteRows(list, (page) => page.products, "los productos");
  // Names of categories and warehouses show in the rows, the filter and the columns: a change there refetches too.
  useRefreshOn(["inventory.changed", "inventory.catalogue_changed"], () => utils.inventory.invalidate());
  const shownWarehouses = warehouses.data ?? [];

  return (
    <ListPage
      search={search}
      onSearch={setSearch}
      searchLabel="Buscar por código o nombre"
      onOpenFilter={() => setFilterOpen(true)}
      actions={
        <>
          <ProductsExport filters={filters} />
          {can("create", "inventory_action") && (
            <IconButton label="Categorías y bodegas" onClick={() => setManaging(true)}>
              <Settings2 size={22} />
            </IconButton>
          )}
          {can("create", "inventory_action") && (
            <Button icon={<Plus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              Nuevo
            </Button>
          )}
        </>
      }
      boxes={
        <div className="products-options">
          <InventoryTabs />
          <Select
            label="Ordenar por"
            value={`${order.sort}:${order.sort_direction}`}
            onValueChange={(v) => {
              const [sort, direction] = v.split(":") as [ProductSort, SortDirection];
              setOrder({ sort, sort_direction: direction });
            }}
            options={SORT_OPTIONS}
          />
          <Switch label="Solo stock bajo" checked={lowStock} onCheckedChange={setLowStock} />
          <ListTotal capped={cappedTotal} />
        </div>
      }
    >
      <VirtualList
        key={narrow ? "cards" : `table-${shownWarehouses.length}`}
        label="Productos"
        {...rows}
        getKey={(p) => p.id}
        estimateSize={narrow ? 132 : 49}
        header={narrow ? undefined : <ProductHeader warehouses={shownWarehouses} />}
        columns={productColumns(shownWarehouses.length)}
        minWidth={productTableMinWidth(shownWarehouses.length)}
        renderItem={(p) =>
          narrow ? (
            <ProductCard product={p} warehouses={shownWarehouses} />
          ) : (
            <ProductRow product={p} warehouses={shownWarehouses} />
          )
        }
        onItemClick={(p) => void navigate({ to: "/main/inventory/products/$id", params: { id: String(p.id) } })}
        loadingText="Cargando productos"
        emptyText="No se han encontrado productos"
      />
      <FilterDialog
        open={filterOpen}
        onOpenChange={setFilterOpen}
        groups={[{ key: "category", title: "Categorías", options: categories.data ?? [] }]}
        value={{ category: categoryIds ?? (categories.data ?? []).map((c) => c.id) }}
        onApply={(v) =>
          // Every category chosen is no filter: products without a category stay listed.
          setCategoryIds(v.category.length === (categories.data ?? []).length ? null : v.category)
        }
      />
      {creating && (
        <ProductFormDialog
          open
          onOpenChange={setCreating}
          onSaved={(id) => void navigate({ to: "/main/inventory/products/$id", params: { id: String(id) } })}
        />
      )}
      {managing && <CatalogueDialog open onOpenChange={setManaging} />}
    </ListPage>
  );
}
