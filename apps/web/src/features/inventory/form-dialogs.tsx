/**
 * The product's create/edit dialog and the stock adjustment dialog. Their forms (product-form.tsx, adjust-dialog.tsx,
 * with react-hook-form and zod) load when a dialog opens, or after the first paint of a screen that may open one
 * (usePreload(ProductForm)).
 */
import type { ComponentProps } from "react";
import { lazyPart } from "../../lib/lazy-part";
import { Dialog } from "../../ui/dialog";
import type { AdjustStockForm as AdjustStockBody } from "./adjust-dialog";
import type { ProductForm as ProductBody } from "./product-form";

export const ProductForm = lazyPart(() => import("./product-form").then((m) => m.ProductForm));
export const AdjustStockForm = lazyPart(() => import("./adjust-dialog").then((m) => m.AdjustStockForm));

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function ProductFormDialog({
  open,
  onOpenChange,
  ...props
}: DialogProps & Omit<ComponentProps<typeof ProductBody>, "onClose">) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={props.page ? "Editar producto" : "Nuevo producto"}
      width={640}
    >
      {open && <ProductForm {...props} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

export function AdjustStockDialog({
  open,
  onOpenChange,
  ...props
}: DialogProps & Omit<ComponentProps<typeof AdjustStockBody>, "onClose">) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Ajustar stock" width={520}>
      {open && <AdjustStockForm {...props} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}
