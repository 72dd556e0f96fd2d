/**
 * An existing database (seed 002 section 2.7): Nombre and Hoja editable, Tipo and Url DB read-only (its JSON
 * downloads from there), 'ACTUALIZAR' to replace the data with a new workbook, and 'Conexiones' with each company's
 * import state. 'Compañia' + 'Conectar' queues the import; the view polls while an import or an undo is queued or
 * running, so its progress shows. 'Eliminar base de datos', 'Deshacer importación' and 'Quitar conexión' each ask
 * first (one dialog, by kind).
 */
import type { RouterOutputs } from "@taller/api";
import {
  CONNECTION_STATUS_LABELS,
  databaseDownloadPath,
  databaseNameSchema,
  databaseSheetSchema,
  IMPORT_ENTITY_LABELS,
  type UploadedSheet,
} from "@taller/core";
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { errorCode } from "../../lib/api";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { IconButton } from "../../ui/icon-button";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import { WorkbookPicker } from "./workbook-picker";

const editSchema = z.object({ name: databaseNameSchema, sheet: databaseSheetSchema });
const POLL_MS = 1_000;
/** States in which the job still has work to do on a connection. */
const RUNNING = new Set<string>(["pending", "connecting", "undo_pending", "undoing"]);

export function DatabaseView({ id, onDeleted }: { id: number; onDeleted(): void }) {
  const database = trpc.manager.databases.get.useQuery(
    { id },
    { refetchInterval: (q) => (q.state.data?.connections.some((c) => RUNNING.has(c.status)) ? POLL_MS : false) },
  );
  if (!database.data) {
    if (database.isLoading) return <p className="manager-muted">Cargando…</p>;
    if (errorCode(database.error) !== "NOT_FOUND")
      return <QueryFailed query={database} what="la base de datos" inline />;
    return <p className="manager-error">No se encontró la base de datos.</p>;
  }
  return <DatabaseDetails key={database.data.id} database={database.data} onDeleted={onDeleted} />;
}

type Database = RouterOutputs["manager"]["databases"]["get"];
type Connection = Database["connections"][number];
type Confirming = { kind: "remove" } | { kind: "undo" | "disconnect"; connection: Connection } | null;

/**
 * What the undo did: 'Registros eliminados: 3. Registros restaurados: 1. Conservados por estar en uso: clientes 1,
 * vehículos 2.'
 */
function rollbackText(rollback: NonNullable<Connection["rollback"]>): string {
  const kept = Object.entries(rollback.kept).map(
    ([entity, n]) => `${IMPORT_ENTITY_LABELS[entity as keyof typeof IMPORT_ENTITY_LABELS]} ${n}`,
  );
  const restored = rollback.restored ? ` Registros restaurados: ${rollback.restored}.` : "";
  return `Registros eliminados: ${rollback.deleted}.${restored}${kept.length ? ` Conservados por estar en uso: ${kept.join(", ")}.` : ""}`;
}

function DatabaseDetails({ database, onDeleted }: { database: Database; onDeleted(): void }) {
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const refresh = () =>
    Promise.all([
      utils.manager.databases.get.invalidate({ id: database.id }),
      utils.manager.databases.list.invalidate(),
    ]);
  const update = trpc.manager.databases.update.useMutation({ onSuccess: refresh });
  const connect = trpc.manager.databases.connect.useMutation({ onSuccess: refresh });
  const remove = trpc.manager.databases.remove.useMutation();
  const undo = trpc.manager.databases.undoImport.useMutation({ onSuccess: refresh });
  const disconnect = trpc.manager.databases.removeConnection.useMutation({ onSuccess: refresh });
  const [confirming, setConfirming] = useState<Confirming>(null);
  const companies = trpc.manager.companies.list.useQuery();
  const [companyId, setCompanyId] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const form = useZodForm(editSchema, { name: database.name, sheet: database.sheet });

  // A new workbook ('ACTUALIZAR') without the sheet in use waits here while a sheet of it is chosen.
  const [pending, setPending] = useState<{ upload: string; sheets: string[] } | null>(null);
  const sheetOptions = pending?.sheets ?? database.sheets;

  const save = (upload = pending?.upload) =>
    form.handleSubmit(async (values) => {
      try {
        await update.mutateAsync({ id: database.id, ...values, upload });
        setPending(null);
        snackbar.show(upload ? "Datos actualizados" : "Base de datos guardada", { tone: "success" });
      } catch (error) {
        markServerErrors(form, error);
      }
    })();

  /**
   * 'ACTUALIZAR': saved at once when the new workbook has the sheet in use; otherwise its sheets are offered. Either
   * way the upload waits in `pending` until a save succeeds, so 'Guardar' can retry without a new upload.
   */
  function uploaded({ upload, sheets }: { upload: string; sheets: UploadedSheet[] }) {
    const names = sheets.map((s) => s.name);
    setPending({ upload, sheets: names });
    if (names.includes(form.getValues("sheet"))) return void save(upload);
    form.setValue("sheet", "");
  }

  async function connectCompany() {
    if (!companyId) return;
    try {
      await connect.mutateAsync({ databaseId: database.id, companyId: Number(companyId) });
    } catch (error) {
      snackbar.show(error instanceof Error ? error.message : "No se pudo conectar", { tone: "error" });
    }
  }

  async function confirm() {
    if (!confirming) return;
    try {
      if (confirming.kind === "remove") {
        await remove.mutateAsync({ id: database.id });
        await utils.manager.databases.list.invalidate();
        snackbar.show("Base de datos eliminada", { tone: "success" });
        onDeleted();
      } else if (confirming.kind === "undo") {
        await undo.mutateAsync({ connectionId: confirming.connection.id });
      } else {
        await disconnect.mutateAsync({ connectionId: confirming.connection.id });
        snackbar.show("Conexión quitada", { tone: "success" });
      }
    } catch (error) {
      snackbar.show(error instanceof Error ? error.message : "No se pudo completar la acción", { tone: "error" });
    }
    setConfirming(null);
  }

  const dialog =
    confirming?.kind === "remove"
      ? {
          title: "Eliminar base de datos",
          action: "Eliminar",
          text: `Se eliminarán ${database.name}, sus conexiones y sus archivos. Los datos ya importados quedan en cada compañía.`,
        }
      : confirming?.kind === "undo"
        ? {
            title: "Deshacer importación",
            action: "Deshacer",
            text: `Se eliminarán de ${confirming.connection.companyName} los registros que creó la última importación, salvo los que ya se usan en otros registros, y los datos que actualizó vuelven a su valor anterior, salvo los que se modificaron después.`,
          }
        : {
            title: "Quitar conexión",
            action: "Quitar",
            text: `Se quitará la conexión con ${confirming?.connection.companyName ?? ""}. Los datos importados quedan en la compañía y ya no se podrá deshacer su importación.`,
          };

  return (
    <>
      <form
        className="manager-card manager-form"
        aria-label="Base de datos"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h2>{database.name}</h2>
        <TextField label="Nombre" {...textField(form, "name")} />
        <Controller
          control={form.control}
          name="sheet"
          render={({ field, fieldState }) => (
            <Select
              label="Hoja"
              value={field.value}
              onValueChange={field.onChange}
              placeholder="Elige la hoja del nuevo Excel"
              options={sheetOptions.map((name) => ({ value: name, label: name }))}
              error={fieldState.error?.message}
            />
          )}
        />
        {pending && !pending.sheets.includes(database.sheet) && (
          <p className="manager-muted">El nuevo Excel no tiene la hoja {database.sheet}: elige una y guarda.</p>
        )}
        <TextField label="Tipo" value="Tablas" readOnly />
        <TextField
          label="Url DB"
          value={`${window.location.origin}${databaseDownloadPath(database.id)}`}
          readOnly
          hint={`${database.rowCount} filas`}
        />
        <a className="manager-download" href={databaseDownloadPath(database.id)} download>
          <Download size={16} aria-hidden /> Descargar JSON
        </a>
        {form.formState.errors.root?.server && (
          <p className="manager-error" role="alert">
            {form.formState.errors.root.server.message}
          </p>
        )}
        <div className="manager-actions">
          <Button variant="danger" onClick={() => setConfirming({ kind: "remove" })}>
            Eliminar base de datos
          </Button>
          <Button type="submit" loading={update.isPending && !uploading} disabled={uploading}>
            Guardar
          </Button>
        </div>
        <WorkbookPicker label="ACTUALIZAR" onUploading={setUploading} onUploaded={uploaded} />
      </form>
      <section className="manager-card" aria-labelledby="connections-title">
        <h2 id="connections-title">Conexiones</h2>
        <ul className="manager-list" aria-label="Conexiones">
          {database.connections.map((c) => (
            <li key={c.id} className="manager-connection">
              <span>
                <strong>{c.companyName}</strong>{" "}
                <span className={`manager-status manager-status-${c.status}`}>
                  {CONNECTION_STATUS_LABELS[c.status]}
                </span>
                {c.status === "connecting" && (
                  <span className="manager-muted">
                    {" "}
                    {c.rowsDone} de {c.rowsTotal} filas
                  </span>
                )}
              </span>
              <span className="manager-connection-actions">
                {(c.status === "connected" || c.status === "failed") && c.batchId && (
                  <Button variant="secondary" onClick={() => setConfirming({ kind: "undo", connection: c })}>
                    Deshacer importación
                  </Button>
                )}
                <IconButton
                  label={`Quitar conexión con ${c.companyName}`}
                  onClick={() => setConfirming({ kind: "disconnect", connection: c })}
                >
                  <Trash2 size={18} />
                </IconButton>
              </span>
              {c.rollback && <p className="manager-rollback">{rollbackText(c.rollback)}</p>}
              {c.errors.length > 0 && (
                <ul className="manager-errors" aria-label={`Errores de ${c.companyName}`}>
                  {c.errors.map((e) => (
                    <li key={e.row}>{e.row > 0 ? `Fila ${e.row}: ${e.reason}` : e.reason}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
          {database.connections.length === 0 && <li className="manager-muted">Sin conexiones.</li>}
        </ul>
        <div className="manager-inline-form">
          <Select
            label="Compañia"
            value={companyId}
            onValueChange={setCompanyId}
            placeholder="Selecciona la compañía"
            options={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          />
          <Button
            type="button"
            onClick={() => void connectCompany()}
            loading={connect.isPending}
            disabledReason={companyId ? null : "Elige una empresa."}
          >
            Conectar
          </Button>
        </div>
      </section>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={dialog.title}
        actions={
          <>
            <Button variant="text" onClick={() => setConfirming(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending || undo.isPending || disconnect.isPending}
              onClick={() => void confirm()}
            >
              {dialog.action}
            </Button>
          </>
        }
      >
        <p>{dialog.text}</p>
      </Dialog>
    </>
  );
}
