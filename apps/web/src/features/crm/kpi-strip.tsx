/**
 * The KPI boxes above the retentions and absences lists (seed 001 sections 2 and 3): per category its count, its
 * share of every management under the same filters, and the amount where the spec names one (estimated for 'En
 * Gestión', recovered for absences' 'Recuperados'). Pressing a box toggles that category in the list's filter; a
 * spinner shows while the numbers load. The screen hides the strip on narrow screens.
 */
import {
  type CrmCategory,
  crmCategoryDisplay,
  type CrmKind,
  type CrmKpis,
  formatMoney,
  formatNumber,
} from "@taller/core";
import type { CSSProperties } from "react";
import { Spinner } from "../../ui/spinner";
import { CRM_COLOR_CSS, kpiBoxes } from "./crm-rules";

export function KpiStrip({
  kind,
  kpis,
  loading,
  selected,
  onToggle,
}: {
  kind: CrmKind;
  kpis: CrmKpis | undefined;
  loading: boolean;
  selected: readonly CrmCategory[];
  onToggle(category: CrmCategory): void;
}) {
  if (!kpis) {
    return (
      <div className="crm-kpis crm-kpis-loading">{loading && <Spinner size={28} label="Cargando indicadores" />}</div>
    );
  }
  return (
    <div className="crm-kpis" role="group" aria-label="Indicadores" aria-busy={loading || undefined}>
      {kpiBoxes(kind, kpis).map((box) => (
        <button
          key={box.category}
          type="button"
          className="crm-kpi"
          aria-pressed={selected.includes(box.category)}
          style={{ "--status-color": CRM_COLOR_CSS[crmCategoryDisplay(kind, box.category).color] } as CSSProperties}
          onClick={() => onToggle(box.category)}
        >
          <span className="crm-kpi-name">{box.name}</span>
          <span className="crm-kpi-count">
            {formatNumber(box.count)} <span className="crm-kpi-percent">({box.percent}%)</span>
          </span>
          {box.amount !== null && <span className="crm-kpi-amount">{formatMoney(box.amount)}</span>}
        </button>
      ))}
      {loading && <Spinner size={20} label="Actualizando indicadores" />}
    </div>
  );
}
