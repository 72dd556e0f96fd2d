/**
 * An existing database (seed 002 section 2.7): Nombre and Hoja editable, Tipo and Url DB read-only, 'ACTUALIZAR' to
 * replace the data with a new workbook, and 'Conexiones' with each company's import state. 'Compañia' + 'Conectar'
 * queues the import; the view polls while one is pending or running, so its progress shows.
 */
import type { RouterOutputs } from "@taller/api";
import { CONNECTION_STATUS_LABELS, databaseNameSchema, databaseSheetSchema } from "@taller/core";
import { useState } from "react";
import { z } from "zod";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import { WorkbookPicker } from "./workbook-picker";

const editSchema = z.object({ name: databaseNameSchema, sheet: databaseSheetSchema });
const POLL_MS = 1_000;

export function DatabaseView({ id }: { id: number }) {
  const database = trpc.manager.databases.get.useQuery(
    { id },
    { refetchInterval: (q) => (q.state.data?.connections.some((c) => c.status === "pending" || c.status === "connecting") ? POLL_MS : false) },
  );
  if (!database.data) return database.isLoading ? <p className="manager-muted">Cargando…</p> : <p className="manager-error">No se encontró la base de datos.</p>;
  return <DatabaseDetails key={database.data.id} database={database.data} />;
}

type Database = RouterOutputs["manager"]["databases"]["get"];

function DatabaseDetails({ database }: { database: Database }) {
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const refresh = () => Promise.all([utils.manager.databases.get.invalidate({ id: database.id }), utils.manager.databases.list.invalidate()]);
  const update = trpc.manager.databases.update.useMutation({ onSuccess: refresh });
  const connect = trpc.manager.databases.connect.useMutation({ onSuccess: refresh });
  const companies = trpc.manager.companies.list.useQuery();
  const [companyId, setCompanyId] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const form = useZodForm(editSchema, { name: database.name, sheet: database.sheet });

  const save = (upload?: string) =>
    form.handleSubmit(async (values) => {
      try {
        await update.mutateAsync({ id: database.id, ...values, upload });
        snackbar.show(upload ? "Datos actualizados" : "Base de datos guardada", { tone: "success" });
      } catch (error) {
        markServerErrors(form, error);
      }
    })();

  async function connectCompany() {
    if (!companyId) return;
    try {
      await connect.mutateAsync({ databaseId: database.id, companyId: Number(companyId) });
    } catch (error) {
      snackbar.show(error instanceof Error ? error.message : "No se pudo conectar", { tone: "error" });
    }
  }

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
        <TextField label="Hoja" {...textField(form, "sheet")} />
        <TextField label="Tipo" value="Tablas" readOnly />
        <TextField label="Url DB" value={database.fileKey} readOnly hint={`${database.rowCount} filas`} />
        {form.formState.errors.root?.server && (
          <p className="manager-error" role="alert">
            {form.formState.errors.root.server.message}
          </p>
        )}
        <div className="manager-actions">
          <Button type="submit" loading={update.isPending && !uploading} disabled={uploading}>
            Guardar
          </Button>
        </div>
        <WorkbookPicker label="ACTUALIZAR" onUploading={setUploading} onUploaded={({ upload }) => void save(upload)} />
      </form>
      <section className="manager-card" aria-labelledby="connections-title">
        <h2 id="connections-title">Conexiones</h2>
        <ul className="manager-list" aria-label="Conexiones">
          {database.connections.map((c) => (
            <li key={c.id} className="manager-connection">
              <span>
                <strong>{c.companyName}</strong>{" "}
                <span className={`manager-status manager-status-${c.status}`}>{CONNECTION_STATUS_LABELS[c.status]}</span>
                {c.status === "connecting" && (
                  <span className="manager-muted">
                    {" "}
                    {c.rowsDone} de {c.rowsTotal} filas
                  </span>
                )}
              </span>
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
          <Button type="button" onClick={() => void connectCompany()} loading={connect.isPending} disabled={!companyId}>
            Conectar
          </Button>
        </div>
      </section>
    </>
  );
}
