// The supplier form's rules, without React (tested in test/provider-rules.test.ts).
import { PROVIDER_TEXTS, type ProviderKind } from "@taller/core";

/** The pause after the last change before the form is saved. */
export const SAVE_DELAY_MS = 800;

export interface ProviderFormValues {
  estimated_completion_date: string;
  expiration_date: string;
  warehouse_id: string;
  comment: string;
  lines: {
    id: number;
    code: string;
    name: string;
    required_quantity: number;
    quantity: string;
    price: string;
    removed: boolean;
  }[];
}

interface ActionLike {
  estimated_completion_date: string | null;
  expiration_date: string | null;
  warehouse_id: number | null;
  comment: string | null;
  inventory_action_products: {
    id: number;
    product: { code: string; name: string };
    required_quantity: number;
    quantity: number;
    price: number | null;
    _destroy: boolean;
  }[];
}

export function formFromAction(a: ActionLike): ProviderFormValues {
  return {
    estimated_completion_date: a.estimated_completion_date ?? "",
    expiration_date: a.expiration_date ?? "",
    warehouse_id: a.warehouse_id === null ? "" : String(a.warehouse_id),
    comment: a.comment ?? "",
    lines: a.inventory_action_products.map((l) => ({
      id: l.id,
      code: l.product.code,
      name: l.product.name,
      required_quantity: l.required_quantity,
      quantity: String(l.quantity),
      price: l.price === null ? "" : String(l.price),
      removed: l._destroy,
    })),
  };
}

const isMoney = (v: string) => /^\d{1,10}$/.test(v);

/** What keeps the send button disabled (seed 000 section 5): the required fields and each offered line's price. */
export function formErrors(kind: ProviderKind, v: ProviderFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.estimated_completion_date) errors.estimated_completion_date = PROVIDER_TEXTS.estimatedRequired;
  if (kind === "pricing") {
    if (!v.warehouse_id) errors.warehouse_id = PROVIDER_TEXTS.warehouseRequired;
    const offered = v.lines.filter((l) => !l.removed);
    if (!offered.length) errors.inventory_action_products_attributes = PROVIDER_TEXTS.noLines;
    else if (offered.some((l) => !isMoney(l.price) || !/^\d{1,6}$/.test(l.quantity)))
      errors.inventory_action_products_attributes = PROVIDER_TEXTS.priceRequired;
  }
  return errors;
}

/** The saving indicator's text. */
export function autosaveLabel(s: { saving: boolean; saved: boolean; failed: boolean }): string | null {
  if (s.saving) return PROVIDER_TEXTS.saving;
  if (s.failed) return "No se pudieron guardar los cambios";
  if (s.saved) return PROVIDER_TEXTS.saved;
  return null;
}
