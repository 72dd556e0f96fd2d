/**
 * The KPI boxes above the retentions and absences lists (seed 001 sections 2 and 3): per category its count, its
 * share of every management under the same filters, and the amount where the spec names one (estimated for 'En
 * Gestión', recovered for absences' 'Recuperados'). Pressing a box toggles that category in the list's filter; a
 * spinner shows while the numbers load. The screen hides the strip on narrow screens.
 */
import { formatMoney, formatNumber } from "@taller/core";
import type { CSSProperties } from "react";
import { Spinner } from "../../ui/spinner";
import { type Category, CATEGORY_COLORS, kpiBoxes, type Kpis, type ManagementKind } from "./crm-rules";

export function KpiStrip({ kind, kpis, loading, selected, onToggle }: {
  kind: ManagementKind;
  kpis: Kpis | undefined;
  loading: boolean;
  selected: readonly Category[];
  onToggle(category: Category): void;
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
          style={{ "--status-color": CATEGORY_COLORS[box.category] } as CSSProperties}
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
