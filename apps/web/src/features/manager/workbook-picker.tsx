/** The Excel picker: uploads the chosen .xlsx at once and hands back its upload key and sheets. */
import type { UploadedSheet } from "@taller/core";
import { useId, useState } from "react";
import { uploadWorkbook } from "../../lib/upload";
import { Spinner } from "../../ui/spinner";

export function WorkbookPicker({
  label,
  onUploaded,
  onUploading,
}: {
  label: string;
  onUploaded(w: { upload: string; sheets: UploadedSheet[] }): void;
  onUploading?(busy: boolean): void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pick(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    onUploading?.(true);
    setError(null);
    try {
      onUploaded(await uploadWorkbook(file));
    } catch (err) {
      setError(err instanceof Error ? err.message : "No se pudo subir el archivo");
    } finally {
      setBusy(false);
      onUploading?.(false);
    }
  }

  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        disabled={busy}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {busy && (
        <span className="manager-muted">
          <Spinner size={14} /> Subiendo…
        </span>
      )}
      {error && (
        <p className="manager-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
