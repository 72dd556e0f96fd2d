/**
 * /admin/statuses: the company's statuses per type (orders, budgets, CRM managements). An administrator adds one
 * (name, colour from a picker limited to #rrggbb, finish flag, and for CRM its category), edits it with the statuses
 * it may move to (none chosen: any), for orders whether it is the cancel status ('Anular'; one or none), for budgets
 * whether it means the client approved the budget (reports and inventory read it), moves
 * it up or down, and deletes one no document uses. Every change reaches open screens through `company.setup_changed`.
 */
import { CRM_CATEGORY_NAMES, STATUS_TYPES, statusTypeNames, type StatusType, theTerm } from "@taller/core";
import type { RouterOutputs } from "@taller/api";
import { ArrowDown, ArrowUp, Palette, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useSetupTerms } from "../../lib/company-setup";
import { QueryFailed } from "../../lib/load-state";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Checkbox } from "../../ui/checkbox";
import { Dialog } from "../../ui/dialog";
import { IconButton } from "../../ui/icon-button";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { Spinner } from "../../ui/spinner";
import { StatusBadge } from "../../ui/status";
import { TextField } from "../../ui/text-field";
import { FormFooter } from "../../ui/form-footer";
import { AdminFrame } from "./admin-frame";
import { EditButton, firstError, formError } from "./setup-editing";
import { ConfirmDelete } from "./setup-forms";
import { useSetupChanged } from "../../lib/setup-events";
import { ColorField } from "./color-field";
import "./admin.css";

type Status = RouterOutputs["admin"]["statuses"]["list"]["statuses"][number];
type Transition = RouterOutputs["admin"]["statuses"]["list"]["transitions"][number];
type CrmCategory = keyof typeof CRM_CATEGORY_NAMES;

const categoryOptions = (Object.keys(CRM_CATEGORY_NAMES) as CrmCategory[]).map((c) => ({
  value: c,
  label: CRM_CATEGORY_NAMES[c],
}));

export function AdminStatusesPage() {
  return (
    <ApiProvider>
      <StatusesAdmin />
    </ApiProvider>
  );
}

function StatusesAdmin() {
  const [type, setType] = useState<StatusType>("Order");
  const typeNames = statusTypeNames(useSetupTerms());
  const typeOptions = STATUS_TYPES.map((t) => ({ value: t, label: typeNames[t] }));
  const list = trpc.admin.statuses.list.useQuery();
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<Status | null>(null);
  const refresh = () => utils.admin.statuses.list.invalidate();
  const reorder = trpc.admin.statuses.reorder.useMutation({
    onSettled: refresh,
    onError: (error) => snackbar.show(error.message, { tone: "error" }),
  });
  const remove = trpc.admin.statuses.remove.useMutation();

  useSetupChanged(refresh);

  const ofType = (list.data?.statuses ?? []).filter((s) => s.type === type);
  const move = (index: number, by: -1 | 1) => {
    const ids = ofType.map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate({ type, ids });
  };

  return (
    <AdminFrame title="Estados" icon={<Palette size={22} aria-hidden />}>
      <Card title="Estados">
        <Select<StatusType> label="Tipo de documento" value={type} onValueChange={setType} options={typeOptions} />
        <NewStatus type={type} onCreated={refresh} />
        {list.isPending ? (
          <Spinner label="Cargando…" />
        ) : list.isError ? (
          <QueryFailed query={list} what="los estados" inline />
        ) : (
          <ul className="admin-statuses" aria-label={`Estados de ${typeNames[type]}`}>
            {ofType.map((s, i) => (
              <li key={s.id}>
                <StatusBadge color={s.color} name={s.name} />
                <span className="admin-status-flags">
                  {s.finish && <small>Finalizado</small>}
                  {s.cancel && <small>Anulación</small>}
                  {s.approve && <small>Aprobación</small>}
                  {s.crm_category && <small>{CRM_CATEGORY_NAMES[s.crm_category]}</small>}
                  <small>{nextNames(s, list.data.transitions, ofType)}</small>
                </span>
                <span className="admin-actions">
                  <IconButton
                    label={`Subir ${s.name}`}
                    disabled={i === 0 || reorder.isPending}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUp size={16} />
                  </IconButton>
                  <IconButton
                    label={`Bajar ${s.name}`}
                    disabled={i === ofType.length - 1 || reorder.isPending}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDown size={16} />
                  </IconButton>
                  <EditButton name={s.name} onEdit={() => setEditing(s)} />
                  <ConfirmDelete
                    iconOnly
                    what={`el estado ${s.name}`}
                    done="Estado eliminado"
                    onConfirm={async () => {
                      await remove.mutateAsync({ id: s.id });
                      await refresh();
                    }}
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {editing && list.data && (
        <EditStatus
          status={editing}
          statuses={ofType}
          targets={list.data.transitions.filter((t) => t.from_status_id === editing.id).map((t) => t.to_status_id)}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </AdminFrame>
  );
}

/** 'Pasa a: …' from the status's transitions; without any, every status of its type. */
function nextNames(status: Status, transitions: readonly Transition[], ofType: readonly Status[]): string {
  const names = transitions
    .filter((t) => t.from_status_id === status.id)
    .map((t) => ofType.find((s) => s.id === t.to_status_id)?.name);
  return names.length === 0 ? "Pasa a cualquier estado" : `Pasa a: ${names.filter(Boolean).join(", ")}`;
}

function NewStatus({ type, onCreated }: { type: StatusType; onCreated: () => Promise<void> }) {
  const [name, setName] = useState("");
  const [color, setColor] = useState("#2c4c7a");
  const [finish, setFinish] = useState(false);
  const [category, setCategory] = useState<CrmCategory | undefined>(undefined);
  const snackbar = useSnackbar();
  const create = trpc.admin.statuses.create.useMutation({
    onSuccess: async () => {
      setName("");
      snackbar.show("Estado creado", { tone: "success", duration: 2000 });
      await onCreated();
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (create.isPending) return;
    create.mutate({ type, name, color, finish, crm_category: type === "Crm::Booking" ? (category ?? null) : null });
  }
  const crm = type === "Crm::Booking";
  return (
    <form className="admin-form admin-inline-form" onSubmit={submit} noValidate aria-label="Nuevo estado">
      <TextField
        label="Nombre del estado"
        value={name}
        maxLength={60}
        onChange={(e) => setName(e.target.value)}
        error={firstError(create.error, "name")}
      />
      <ColorField label="Color" value={color} onChange={setColor} error={firstError(create.error, "color")} />
      {crm && (
        <Select<CrmCategory>
          label="Categoría"
          value={category}
          onValueChange={setCategory}
          options={categoryOptions}
          placeholder="Elige…"
          error={firstError(create.error, "crm_category")}
        />
      )}
      <Checkbox label="Finalizado" checked={finish} onCheckedChange={setFinish} />
      <Button type="submit" icon={<Plus size={16} aria-hidden />} loading={create.isPending}>
        Agregar estado
      </Button>
    </form>
  );
}

function EditStatus({
  status,
  statuses,
  targets,
  onClose,
  onSaved,
}: {
  status: Status;
  statuses: readonly Status[];
  targets: readonly number[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const terms = useSetupTerms();
  const [name, setName] = useState(status.name);
  const [color, setColor] = useState(status.color);
  const [finish, setFinish] = useState(status.finish);
  const [cancel, setCancel] = useState(status.cancel);
  const [approve, setApprove] = useState(status.approve);
  const [next, setNext] = useState<ReadonlySet<number>>(new Set(targets));
  const snackbar = useSnackbar();
  const update = trpc.admin.statuses.update.useMutation();
  const setTransitions = trpc.admin.statuses.setTransitions.useMutation();
  const [error, setError] = useState<unknown>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await update.mutateAsync({ id: status.id, name, color, finish, cancel, approve });
      await setTransitions.mutateAsync({ from_status_id: status.id, to_status_ids: [...next] });
      await onSaved();
      snackbar.show("Estado actualizado", { tone: "success", duration: 2000 });
      onClose();
    } catch (failure) {
      setError(failure);
    }
  }
  const toggle = (id: number, on: boolean) => {
    const copy = new Set(next);
    if (on) copy.add(id);
    else copy.delete(id);
    setNext(copy);
  };
  const others = statuses.filter((s) => s.id !== status.id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Editar ${status.name}`}>
      <form onSubmit={(e) => void submit(e)} noValidate className="admin-form">
        <TextField
          label="Nombre"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          error={firstError(error, "name")}
        />
        <ColorField label="Color" value={color} onChange={setColor} error={firstError(error, "color")} />
        <Checkbox label="Finalizado" checked={finish} onCheckedChange={setFinish} />
        {firstError(error, "finish") && <p role="alert">{firstError(error, "finish")}</p>}
        {status.type === "Order" && (
          <>
            <Checkbox
              label={`Estado de anulación ('Anular' deja ${theTerm(terms.order)} en este estado)`}
              checked={cancel}
              onCheckedChange={(on) => {
                setCancel(on);
                // The cancel status is a finished one (the server refuses it otherwise).
                if (on) setFinish(true);
              }}
            />
            <small className="muted">
              Solo un estado puede ser el de anulación: marcar este lo quita del anterior.
            </small>
            {firstError(error, "cancel") && <p role="alert">{firstError(error, "cancel")}</p>}
          </>
        )}
        {status.type === "Budget" && (
          <>
            <Checkbox
              label={`Aprobado (${theTerm(terms.client)} aceptó el presupuesto)`}
              checked={approve}
              onCheckedChange={(on) => {
                setApprove(on);
                // An approval status is a finished one (the server refuses it otherwise).
                if (on) setFinish(true);
              }}
            />
            <small className="muted">
              Los reportes cuentan como aprobados los presupuestos en este estado y el consumo de repuestos los ofrece
              primero; un estado finalizado sin esta marca es un rechazo.
            </small>
            {firstError(error, "approve") && <p role="alert">{firstError(error, "approve")}</p>}
          </>
        )}
        <fieldset className="admin-fieldset">
          <legend>Puede pasar a (ninguno marcado: a cualquiera)</legend>
          {others.map((s) => (
            <Checkbox key={s.id} label={s.name} checked={next.has(s.id)} onCheckedChange={(on) => toggle(s.id, on)} />
          ))}
          {firstError(error, "to_status_ids") && <p role="alert">{firstError(error, "to_status_ids")}</p>}
        </fieldset>
        <FormFooter error={formError(error)} saving={update.isPending || setTransitions.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
