/**
 * The orders spreadsheet export (seed 002 sections 2.4, 5 and 9): a download button for users who may update
 * check_in, the 'Filtros Adicionales' dialog with reception and delivery date ranges, and while the file is built a
 * disabled downloading icon and a progress note. Every filter of the list applies too (statuses, budget statuses,
 * search, locations); when more orders match than the file holds, the user is told how many were left out.
 */
import { Download } from "lucide-react";
import { type FormEvent, useState } from "react";
import { downloadBase64 } from "../../lib/download";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { Dialog } from "../../ui/dialog";
import { FormFooter } from "../../ui/form-footer";
import { IconButton } from "../../ui/icon-button";
import { useSnackbar } from "../../ui/snackbar";
import { ExportInProgress, useExportFailed } from "../../ui/export-progress";
import { DateField, isDayValue } from "../../ui/date-field";
import { leftOutMessage } from "./list-rules";
import { useTerms } from "../../lib/company-setup";

const RANGES = [
  { legend: "Fecha Recepción", start: "start_check_in", end: "end_check_in" },
  { legend: "Fecha Entrega", start: "start_ended_at", end: "end_ended_at" },
] as const;

type DateKey = (typeof RANGES)[number]["start" | "end"];
type Dates = Record<DateKey, string>;

const NO_DATES: Dates = { start_check_in: "", end_check_in: "", start_ended_at: "", end_ended_at: "" };
const RANGE_ERROR = "La fecha final es anterior a la inicial";

/** The list's filters, as the list sends them. */
export interface ExportFilters {
  status_id: number[];
  budget_status_id: number[];
  search: string | null;
  location_ids: number[] | null;
}

export function OrdersExport({ filters }: { filters: ExportFilters }) {
  const can = useCan();
  const snackbar = useSnackbar();
  const terms = useTerms();
  const exportFailed = useExportFailed();
  const [open, setOpen] = useState(false);
  const [dates, setDates] = useState<Dates>(NO_DATES);
  const exportOrders = trpc.orders.export.useMutation({
    onSuccess: (file) => {
      downloadBase64(file);
      if (file.left_out > 0)
        snackbar.show(leftOutMessage(terms.order, file.rows, file.left_out, file.left_out_capped), {
          duration: 8000,
          closeLabel: "Cerrar",
        });
    },
    onError: exportFailed,
  });

  if (!can("update", "check_in")) return null;

  if (exportOrders.isPending) return <ExportInProgress />;

  // Dates are days ("YYYY-MM-DD"), so comparing the strings compares the days.
  const invalidEnd = (range: (typeof RANGES)[number]) =>
    dates[range.start] && dates[range.end] && dates[range.start] > dates[range.end] ? RANGE_ERROR : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (RANGES.some(invalidEnd) || !Object.values(dates).every(isDayValue)) return;
    setOpen(false);
    exportOrders.mutate({
      ...filters,
      ...(Object.fromEntries(Object.entries(dates).map(([k, v]) => [k, v || null])) as Record<DateKey, string | null>),
    });
  };

  return (
    <>
      <IconButton label="Exportar" onClick={() => setOpen(true)}>
        <Download size={22} />
      </IconButton>
      <Dialog open={open} onOpenChange={setOpen} title="Filtros Adicionales" width={520}>
        <form onSubmit={submit} noValidate>
          {RANGES.map((range) => (
            <fieldset key={range.legend} className="date-range">
              <legend>{range.legend}</legend>
              <DateField
                label="Desde"
                value={dates[range.start]}
                max={dates[range.end] || undefined}
                onChange={(day) => setDates({ ...dates, [range.start]: day })}
              />
              <DateField
                label="Hasta"
                value={dates[range.end]}
                min={dates[range.start] || undefined}
                error={invalidEnd(range)}
                onChange={(day) => setDates({ ...dates, [range.end]: day })}
              />
            </fieldset>
          ))}
          <p className="export-note">*Máximo 1000 registros</p>
          {/* The dialog closes as the export starts; its progress shows in place of the button. */}
          <FormFooter saving={false} onCancel={() => setOpen(false)} submitLabel="Exportar" />
        </form>
      </Dialog>
    </>
  );
}
