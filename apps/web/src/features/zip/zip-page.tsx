/**
 * zip/{model}/{id} (seed 000 sections 2.10, 7 and 9): the pictures of an order (staff session with read check_in) or a
 * budget (its link's ?token=, a zip_token) as one .zip, built here (build-zip.ts) and saved under the spec's name.
 * It shows 'Creando archivo zip' with the progress, then 'Zip creado correctamente' (the archive can be saved again),
 * or 'Error al crear el zip: No se encontraron imagenes válidas' when no picture could be read.
 */
import { formatNumber, ZIP_TEXTS, type ZipEntry } from "@taller/core";
import { useParams, useSearch } from "@tanstack/react-router";
import { CircleCheck, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { errorCode } from "../../lib/api";
import { saveBlob } from "../../lib/download";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { buildZip, NoValidImagesError, type ZipProgress } from "./build-zip";
import "./zip.css";

interface ZipSource {
  file_name: string;
  entries: ZipEntry[];
}

export function ZipPage() {
  const { model, id } = useParams({ from: "/zip/$model/$id" });
  const { token } = useSearch({ from: "/zip/$model/$id" });
  const documentId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  return (
    <ApiProvider>
      <main className="zip-page">
        {documentId < 1 ? (
          <Failed text="Página no encontrada." />
        ) : model === "order" ? (
          <OrderZip id={documentId} />
        ) : (
          <BudgetZip id={documentId} token={token ?? null} />
        )}
      </main>
    </ApiProvider>
  );
}

function OrderZip({ id }: { id: number }) {
  const source = trpc.orders.zip.useQuery({ id }, { retry: false, staleTime: Infinity });
  return <Loaded source={source.data} error={source.error} />;
}

function BudgetZip({ id, token }: { id: number; token: string | null }) {
  const source = trpc.orders.budgetZip.useQuery(
    { id, token: token ?? "" },
    { enabled: token !== null, retry: false, staleTime: Infinity },
  );
  if (token === null) return <Failed text={INVALID_LINK} />;
  return <Loaded source={source.data} error={source.error} />;
}

const INVALID_LINK = "Enlace inválido o expirado";
const PROBLEMS: Record<string, string> = {
  NOT_FOUND: "Página no encontrada.",
  FORBIDDEN: "No tienes acceso a esta información.",
  UNAUTHORIZED: INVALID_LINK,
  BAD_REQUEST: INVALID_LINK,
};

function Loaded({ source, error }: { source: ZipSource | undefined; error: unknown }) {
  if (error) return <Failed text={PROBLEMS[errorCode(error) ?? ""] ?? "No se pudo cargar la información."} />;
  if (!source) return <Creating progress={null} />;
  return <Builder source={source} />;
}

type State =
  { kind: "creating"; progress: ZipProgress | null } | { kind: "done"; blob: Blob } | { kind: "failed"; text: string };

function Builder({ source }: { source: ZipSource }) {
  const [state, setState] = useState<State>({ kind: "creating", progress: null });
  const started = useRef(false);
  useEffect(() => {
    // Once per page: React's development double effect must not build (and save) it twice.
    if (started.current) return;
    started.current = true;
    buildZip(source.entries, { onProgress: (progress) => setState({ kind: "creating", progress }) }).then(
      (blob) => {
        saveBlob(blob, source.file_name);
        setState({ kind: "done", blob });
      },
      (err: unknown) =>
        setState({
          kind: "failed",
          text: err instanceof NoValidImagesError ? ZIP_TEXTS.noImages : `Error al crear el zip: ${String(err)}`,
        }),
    );
  }, [source]);

  if (state.kind === "creating") return <Creating progress={state.progress} />;
  if (state.kind === "failed") return <Failed text={state.text} />;
  return (
    <div className="status-page">
      <CircleCheck className="status-page-icon" size={48} aria-hidden />
      <h1 aria-live="polite">{ZIP_TEXTS.created}</h1>
      <p className="zip-file-name">{source.file_name}</p>
      <Button variant="secondary" onClick={() => saveBlob(state.blob, source.file_name)}>
        Descargar nuevamente
      </Button>
    </div>
  );
}

function Creating({ progress }: { progress: ZipProgress | null }) {
  const label = progress
    ? progress.step === "download"
      ? `Descargando imágenes: ${formatNumber(progress.done)} de ${formatNumber(progress.total)}`
      : `Guardando en el zip: ${formatNumber(progress.done)} de ${formatNumber(progress.total)}`
    : null;
  return (
    <div className="status-page" aria-busy="true">
      <Spinner size={40} />
      <h1>{ZIP_TEXTS.creating}</h1>
      {progress && (
        <>
          <progress
            className="zip-progress"
            max={progress.total}
            value={progress.done}
            aria-label={label ?? undefined}
          />
          <p role="status">{label}</p>
        </>
      )}
    </div>
  );
}

function Failed({ text }: { text: string }) {
  return (
    <div className="status-page" role="alert">
      <TriangleAlert className="status-page-icon" size={48} aria-hidden />
      <h1>{text}</h1>
    </div>
  );
}
