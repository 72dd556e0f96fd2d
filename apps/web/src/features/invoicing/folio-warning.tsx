import { dteTypeName, FOLIOS_LOW_THRESHOLD, formatNumber } from "@taller/core";
import { trpc } from "../../lib/trpc";

/** 'Quedan N folios de Factura': shown while a type has fewer than FOLIOS_LOW_THRESHOLD left. */
export function FolioWarning() {
  const folios = trpc.invoicing.folios.useQuery();
  const low = (folios.data ?? []).filter((f) => f.low);
  if (!low.length) return null;
  return (
    <p role="alert" className="invoice-warning">
      {low.map((f) => `Quedan ${formatNumber(f.left)} folios de ${dteTypeName(f.dte_type)}`).join(" · ")}. Sube un nuevo
      CAF del SII antes de quedarte sin folios (aviso bajo {FOLIOS_LOW_THRESHOLD}).
    </p>
  );
}
