/**
 * The products spreadsheet: a download button for the filtered list (every filter and the sort apply); while the
 * file is built a disabled downloading icon and a progress note, and when more products match than the file holds,
 * how many were left out.
 */
import { formatNumber } from "@taller/core";
import { Download } from "lucide-react";
import { downloadBase64 } from "../../lib/download";
import { trpc } from "../../lib/trpc";
import type { RouterInputs } from "@taller/api";
import { IconButton } from "../../ui/icon-button";
import { useSnackbar } from "../../ui/snackbar";
import { ExportInProgress, leftOutCount, useExportFailed } from "../../ui/export-progress";

export function ProductsExport({ filters }: { filters: RouterInputs["inventory"]["products"]["export"] }) {
  const snackbar = useSnackbar();
  const exportFailed = useExportFailed();
  const exportProducts = trpc.inventory.products.export.useMutation({
    onSuccess: (file) => {
      downloadBase64(file);
      const leftOut = leftOutCount(file.left_out, file.left_out_capped);
      snackbar.show(
        file.left_out > 0
          ? `Se exportaron ${formatNumber(file.rows)} productos (el máximo). Quedaron fuera ${leftOut}: acota la búsqueda.`
          : `Se exportaron ${formatNumber(file.rows)} productos`,
        { tone: file.left_out > 0 ? "info" : "success", duration: 5000, closeLabel: "Cerrar" },
      );
    },
    onError: exportFailed,
  });
  if (exportProducts.isPending) return <ExportInProgress />;
  return (
    <IconButton label="Exportar" onClick={() => exportProducts.mutate(filters)}>
      <Download size={22} />
    </IconButton>
  );
}
