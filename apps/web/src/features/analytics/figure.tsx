/**
 * One figure of the dashboard: its title with an 'i' that tells its definition, its export, the chart, its key
 * numbers with the change against the previous period, and the table behind the chart.
 */
import type { RouterInputs, RouterOutputs } from "@taller/api";
import { analyticsFigures, type AnalyticsFigure } from "@taller/core";
import { Download, Info } from "lucide-react";
import type { ReactNode } from "react";
import { useTerms } from "../../lib/company-setup";
import { downloadBase64 } from "../../lib/download";
import { trpc } from "../../lib/trpc";
import { ExportInProgress, useExportFailed } from "../../ui/export-progress";
import { IconButton } from "../../ui/icon-button";
import { ScrollTable } from "../../ui/scroll-table";
import { useSnackbar } from "../../ui/snackbar";
import { Spinner } from "../../ui/spinner";
import { Tooltip } from "../../ui/tooltip";
import { deltaText, type Kpi } from "./kpis";

/** A chart's place while its code loads (analytics-page.tsx). */
export function ChartLoading() {
  return (
    <div className="analytics-chart analytics-chart-loading">
      <Spinner label="Cargando gráfico" />
    </div>
  );
}

type Table = RouterOutputs["analytics"]["dashboard"]["tables"][AnalyticsFigure];
type DashboardInput = RouterInputs["analytics"]["dashboard"];

export function Figure({
  figure,
  input,
  kpis,
  table,
  formatCell,
  children,
}: {
  figure: AnalyticsFigure;
  input: DashboardInput;
  kpis: readonly Kpi[];
  table: Table;
  formatCell(value: string | number | null, column: number): string;
  children: ReactNode;
}) {
  const { title, definition } = analyticsFigures(useTerms())[figure];
  return (
    <section className="analytics-figure" aria-label={title} data-figure={figure}>
      <header className="analytics-figure-head">
        <h3>{title}</h3>
        <Tooltip content={<span className="analytics-definition">{definition}</span>}>
          <button type="button" className="analytics-info" aria-label={`Definición: ${definition}`}>
            <Info size={18} />
          </button>
        </Tooltip>
        <FigureExport figure={figure} input={input} />
      </header>
      {kpis.length > 0 && (
        <dl className="analytics-kpis">
          {kpis.map((k) => (
            <div key={k.label} className="analytics-kpi">
              <dt>{k.label}</dt>
              <dd>
                <strong>{k.text}</strong>
                {k.delta !== undefined && <span className={`analytics-delta ${k.delta.tone}`}>{deltaText(k)}</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {children}
      <details className="analytics-table">
        <summary>Ver tabla</summary>
        <ScrollTable>
          <thead>
            <tr>
              {table.headers.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c}>{formatCell(cell, c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </details>
    </section>
  );
}

function FigureExport({ figure, input }: { figure: AnalyticsFigure; input: DashboardInput }) {
  const snackbar = useSnackbar();
  const exportFailed = useExportFailed();
  const terms = useTerms();
  const exportFigure = trpc.analytics.export.useMutation({
    onSuccess: (file) => {
      downloadBase64(file);
      snackbar.show("Archivo exportado", { tone: "success", duration: 3000, closeLabel: "Cerrar" });
    },
    onError: exportFailed,
  });
  if (exportFigure.isPending) return <ExportInProgress />;
  return (
    <IconButton
      label={`Exportar ${analyticsFigures(terms)[figure].title}`}
      onClick={() => exportFigure.mutate({ ...input, figure })}
    >
      <Download size={20} />
    </IconButton>
  );
}
