/**
 * /admin/requirements: the services clients ask for (duration in the agenda, usual price, the speciality a
 * professional needs) and their follow-up rule: after this service the client is due for the next one after so many
 * months or kilometres, whichever comes first (the CRM's retentions are generated from it). A requirement no
 * document names can be deleted.
 */
import type { RouterOutputs } from "@taller/api";
import { formatMoney, formatNumber } from "@taller/core";
import { ListChecks, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { QueryFailed } from "../../lib/load-state";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Dialog } from "../../ui/dialog";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { ScrollTable } from "../../ui/scroll-table";
import { FormFooter } from "../../ui/form-footer";
import { AdminFrame } from "./admin-frame";
import { EditButton, firstError, formError } from "./setup-editing";
import { ConfirmDelete } from "./setup-forms";
import { useSetupChanged } from "../../lib/setup-events";
import "./admin.css";
import { useSetupTerms } from "../../lib/company-setup";
import { theTerm } from "@taller/core";

type Listed = RouterOutputs["admin"]["requirements"]["list"];
type Requirement = Listed["requirements"][number];
type Fields = Omit<Requirement, "id">;

const EMPTY: Fields = {
  name: "",
  duration_minutes: 60,
  price: 0,
  speciality_id: null,
  next_requirement_id: null,
  next_after_months: null,
  next_after_kms: null,
};
const NONE = "none";
/** A number field's text as the schema wants it: empty is null (optional) or NaN (required, refused by zod). */
const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

export function AdminRequirementsPage() {
  return (
    <ApiProvider>
      <RequirementsAdmin />
    </ApiProvider>
  );
}

function RequirementsAdmin() {
  const list = trpc.admin.requirements.list.useQuery();
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<Requirement | "new" | null>(null);
  const refresh = () => utils.admin.requirements.list.invalidate();
  const remove = trpc.admin.requirements.remove.useMutation();
  useSetupChanged(refresh);
  const nameOf = (id: number | null) => list.data?.requirements.find((r) => r.id === id)?.name ?? "";

  return (
    <AdminFrame title="Requerimientos" icon={<ListChecks size={22} aria-hidden />}>
      <Card title="Requerimientos">
        <div className="card-actions">
          <Button icon={<Plus size={16} aria-hidden />} onClick={() => setEditing("new")}>
            Nuevo requerimiento
          </Button>
        </div>
        {list.isPending ? (
          <Spinner label="Cargando…" />
        ) : list.isError ? (
          <QueryFailed query={list} what="los requerimientos" inline />
        ) : (
          <ScrollTable className="admin-table">
            <thead>
              <tr>
                <th>Nombre</th>
                <th>Duración</th>
                <th>Precio</th>
                <th>Seguimiento</th>
                <th>
                  <span className="visually-hidden">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.requirements.map((r) => (
                <tr key={r.id}>
                  <td>{r.name}</td>
                  <td>{r.duration_minutes} min</td>
                  <td>{formatMoney(r.price)}</td>
                  <td>
                    {r.next_requirement_id === null
                      ? "Sin seguimiento"
                      : followUpText(r, nameOf(r.next_requirement_id))}
                  </td>
                  <td className="admin-actions">
                    <EditButton name={r.name} onEdit={() => setEditing(r)} />
                    <ConfirmDelete
                      iconOnly
                      what={`el requerimiento ${r.name}`}
                      done="Requerimiento eliminado"
                      onConfirm={async () => {
                        await remove.mutateAsync({ id: r.id });
                        await refresh();
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </Card>
      {editing && list.data && (
        <RequirementDialog
          requirement={editing === "new" ? null : editing}
          listed={list.data}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </AdminFrame>
  );
}

function followUpText(r: Requirement, next: string): string {
  const after = [
    r.next_after_months !== null ? `${r.next_after_months} meses` : null,
    r.next_after_kms !== null ? `${formatNumber(r.next_after_kms)} km` : null,
  ]
    .filter(Boolean)
    .join(" o ");
  return `${next} después de ${after}`;
}

function RequirementDialog({
  requirement,
  listed,
  onClose,
  onSaved,
}: {
  requirement: Requirement | null;
  listed: Listed;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const terms = useSetupTerms();
  const [fields, setFields] = useState<Fields>(requirement ?? EMPTY);
  // Number inputs keep their text, so a half-typed value is not turned into a number on each keystroke.
  const [texts, setTexts] = useState({
    duration_minutes: String(fields.duration_minutes),
    price: String(fields.price),
    next_after_months: fields.next_after_months === null ? "" : String(fields.next_after_months),
    next_after_kms: fields.next_after_kms === null ? "" : String(fields.next_after_kms),
  });
  const snackbar = useSnackbar();
  const create = trpc.admin.requirements.create.useMutation();
  const update = trpc.admin.requirements.update.useMutation();
  const error = create.error ?? update.error;
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const numberField = (key: keyof typeof texts, label: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      value={texts[key]}
      onChange={(e) => setTexts((t) => ({ ...t, [key]: e.target.value }))}
      error={firstError(error, key)}
    />
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const values = {
      ...fields,
      duration_minutes: Number(texts.duration_minutes),
      price: Number(texts.price),
      next_after_months: numberOrNull(texts.next_after_months),
      next_after_kms: numberOrNull(texts.next_after_kms),
    };
    try {
      if (requirement) await update.mutateAsync({ id: requirement.id, ...values });
      else await create.mutateAsync(values);
      await onSaved();
      snackbar.show(requirement ? "Requerimiento actualizado" : "Requerimiento creado", {
        tone: "success",
        duration: 2000,
      });
      onClose();
    } catch {
      // The mutation's error marks the fields.
    }
  }
  const specialities = [
    { value: NONE, label: "Cualquiera" },
    ...listed.specialities.map((s) => ({ value: String(s.id), label: s.name })),
  ];
  const nexts = [
    { value: NONE, label: "Sin seguimiento" },
    ...listed.requirements.filter((r) => r.id !== requirement?.id).map((r) => ({ value: String(r.id), label: r.name })),
  ];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={requirement ? `Editar ${requirement.name}` : "Nuevo requerimiento"}
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="admin-form">
        <TextField
          label="Nombre"
          value={fields.name}
          maxLength={120}
          onChange={(e) => set("name", e.target.value)}
          error={firstError(error, "name")}
        />
        {numberField("duration_minutes", "Duración (minutos)")}
        {numberField("price", "Precio (pesos)")}
        <Select
          label="Especialidad"
          value={fields.speciality_id === null ? NONE : String(fields.speciality_id)}
          onValueChange={(v) => set("speciality_id", v === NONE ? null : Number(v))}
          options={specialities}
          error={firstError(error, "speciality_id")}
        />
        <fieldset className="admin-fieldset">
          <legend>{`Seguimiento (${terms.crm.one}): ${theTerm(terms.client)} vuelve por…`}</legend>
          <Select
            label="Requerimiento siguiente"
            value={fields.next_requirement_id === null ? NONE : String(fields.next_requirement_id)}
            onValueChange={(v) => set("next_requirement_id", v === NONE ? null : Number(v))}
            options={nexts}
            error={firstError(error, "next_requirement_id")}
          />
          {numberField("next_after_months", "Después de (meses)")}
          {numberField("next_after_kms", "O después de (km)")}
        </fieldset>
        <FormFooter error={formError(error)} saving={create.isPending || update.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
