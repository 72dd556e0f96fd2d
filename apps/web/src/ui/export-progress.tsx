/**
 * What every list export shows around its download button (orders, products): while the file is built a progress
 * note and a disabled downloading icon, and a failure in Spanish (a second export while one runs is refused with its
 * own message, anything else is a plain failure).
 */
import { formatNumber } from "@taller/core";
import { Download } from "lucide-react";
import { IconButton } from "./icon-button";
import { useSnackbar } from "./snackbar";
import { Spinner } from "./spinner";

export function ExportInProgress() {
  return (
    <>
      <span className="export-progress" role="status">
        <Spinner size={16} />
        <span className="export-progress-text">Generando archivo…</span>
      </span>
      <IconButton label="Exportando" disabled>
        <Download size={22} className="downloading" />
      </IconButton>
    </>
  );
}

/** The export mutation's `onError`. */
export function useExportFailed() {
  const snackbar = useSnackbar();
  return (error: { message: string; data?: { code?: string } | null }) =>
    snackbar.show(error.data?.code === "TOO_MANY_REQUESTS" ? error.message : "Error al exportar", {
      tone: "error",
      duration: 3000,
      closeLabel: "Cerrar",
    });
}

/** How many matches an export left out: 'más de 9.000' when the count stopped at its cap. */
export function leftOutCount(leftOut: number, capped: boolean): string {
  return capped ? `más de ${formatNumber(leftOut)}` : formatNumber(leftOut);
}
