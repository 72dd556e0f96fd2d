/**
 * 'Crear nueva base de datos' (seed 002 section 2.7): Nombre, Tipo (Tablas), the Excel picker, 'Hoja a importar' when
 * the workbook has several sheets, and each column's field. The workbook goes to the server as soon as it is picked
 * (its sheets and headers come back); 'Crear' stays disabled, saying why, while it uploads or the form is incomplete.
 */
import { databaseKeysSchema, databaseNameSchema, type UploadedSheet } from "@taller/core";
import { useState } from "react";
import { z } from "zod";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { missingFor } from "../../lib/zod-resolve";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import { ScrollTable } from "../../ui/scroll-table";
import { keysOf, targetOptions, UNMAPPED } from "./database-mapping";
import { WorkbookPicker } from "./workbook-picker";

const nameSchema = z.object({ name: databaseNameSchema });

export function CreateDatabaseForm({ onCreated }: { onCreated(id: number): void }) {
  const utils = trpc.useUtils();
  const create = trpc.manager.databases.create.useMutation({
    onSuccess: () => utils.manager.databases.list.invalidate(),
  });
  const snackbar = useSnackbar();
  const form = useZodForm(nameSchema, { name: "" });
  const [workbook, setWorkbook] = useState<{ upload: string; sheets: UploadedSheet[] } | null>(null);
  const [sheetName, setSheetName] = useState<string | undefined>();
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const sheet = workbook?.sheets.find((s) => s.name === sheetName);
  const keys = keysOf(mapping);
  const keysCheck = databaseKeysSchema.safeParse(keys);

  function chooseSheet(name: string) {
    setSheetName(name);
    setMapping({});
  }

  const submit = form.handleSubmit(async ({ name }) => {
    if (!workbook || !sheet || !keysCheck.success) return;
    try {
      const created = await create.mutateAsync({
        name,
        dbType: "tables",
        upload: workbook.upload,
        sheet: sheet.name,
        keys,
      });
      snackbar.show("Base de datos creada", { tone: "success" });
      if (created) onCreated(created.id);
    } catch (error) {
      markServerErrors(form, error);
    }
  });

  return (
    <form className="manager-card manager-form" onSubmit={submit} noValidate aria-label="Crear nueva base de datos">
      <h2>Crear nueva base de datos</h2>
      <TextField label="Nombre" {...textField(form, "name")} />
      <Select
        label="Tipo"
        value="tables"
        onValueChange={() => undefined}
        options={[{ value: "tables", label: "Tablas" }]}
      />
      <WorkbookPicker
        label="Archivo Excel"
        onUploading={setUploading}
        onUploaded={(uploaded) => {
          setWorkbook(uploaded);
          chooseSheet(uploaded.sheets.find((s) => s.rows > 0)?.name ?? uploaded.sheets[0]?.name ?? "");
        }}
      />
      {workbook && workbook.sheets.length > 1 && (
        <Select
          label="Hoja a importar"
          value={sheetName}
          onValueChange={chooseSheet}
          options={workbook.sheets.map((s) => ({ value: s.name, label: `${s.name} (${s.rows} filas)` }))}
        />
      )}
      {sheet && (
        <ScrollTable className="manager-table manager-mapping">
          <thead>
            <tr>
              <th>Columna</th>
              <th>Campo</th>
            </tr>
          </thead>
          <tbody>
            {sheet.columns.map((column) => (
              <tr key={column}>
                <td>{column}</td>
                <td>
                  <Select
                    label={`Campo de ${column}`}
                    value={mapping[column] ?? UNMAPPED}
                    onValueChange={(target) => setMapping((m) => ({ ...m, [column]: target }))}
                    options={targetOptions(column)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {form.formState.errors.root?.server && (
        <p className="manager-error" role="alert">
          {form.formState.errors.root.server.message}
        </p>
      )}
      <div className="manager-actions">
        <Button
          type="submit"
          loading={create.isPending}
          disabledReason={
            uploading
              ? "Subiendo el libro…"
              : (missingFor(nameSchema, form.getValues()) ??
                (!workbook ? "Sube un libro Excel." : !sheet ? "Elige una hoja." : keysCheck.error?.issues[0]?.message))
          }
        >
          Crear
        </Button>
      </div>
    </form>
  );
}
