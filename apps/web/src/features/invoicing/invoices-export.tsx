/**
 * 'Exportar': the filtered documents as an .xlsx; while it is built a progress note, and when more documents match
 * than the file holds, how many were left out.
 */
import type { RouterInputs } from "@taller/api";
import { formatNumber } from "@taller/core";
import { Download } from "lucide-react";
import { downloadBase64 } from "../../lib/download";
import { trpc } from "../../lib/trpc";
import { ExportInProgress, leftOutCount, useExportFailed } from "../../ui/export-progress";
import { IconButton } from "../../ui/icon-button";
import { useSnackbar } from "../../ui/snackbar";

export function InvoicesExport({ filters }: { filters: RouterInputs["invoicing"]["export"] }) {
  const snackbar = useSnackbar();
  const exportFailed = useExportFailed();
  const run = trpc.invoicing.export.useMutation({
    onSuccess: (file) => {
      downloadBase64(file);
      snackbar.show(
        file.left_out > 0
          ? `Se exportaron ${formatNumber(file.rows)} documentos (el máximo). Quedaron fuera ${leftOutCount(file.left_out, file.left_out_capped)}: acota la búsqueda.`
          : `Se exportaron ${formatNumber(file.rows)} documentos`,
        { tone: file.left_out > 0 ? "info" : "success", duration: 5000, closeLabel: "Cerrar" },
      );
    },
    onError: exportFailed,
  });
  if (run.isPending) return <ExportInProgress />;
  return (
    <IconButton label="Exportar" onClick={() => run.mutate(filters)}>
      <Download size={22} />
    </IconButton>
  );
}
