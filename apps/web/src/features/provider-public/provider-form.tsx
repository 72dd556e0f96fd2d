/**
 * The supplier's form (seed 000 sections 2.11, 4, 5 and 8): every change is saved a moment later ('Guardando
 * cambios...' then 'Cambios guardados') unless the document is locked; the send button asks first and sends the form
 * as it stands. The server decides what is still allowed: a refusal reloads the page's state.
 */
import { PROVIDER_TEXTS, type ProviderKind, type ProviderSaveInput } from "@taller/core";
import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { RouterOutputs } from "@taller/api";
import { errorCode, fieldErrorsOf } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Select } from "../../ui/select";
import { DateField, isDayValue } from "../../ui/date-field";
import { TextField } from "../../ui/text-field";
import { autosaveLabel, formErrors, formFromAction, SAVE_DELAY_MS, type ProviderFormValues } from "./provider-rules";

type Page = RouterOutputs["provider"]["public"]["getPricing"];

export function ProviderForm({
  kind,
  token,
  page,
  onChanged,
}: {
  kind: ProviderKind;
  token: string;
  page: Page;
  onChanged(): void;
}) {
  const action = page.inventory_action;
  const [values, setValues] = useState<ProviderFormValues>(() => formFromAction(action));
  const [dirty, setDirty] = useState(false);
  // Required-field messages appear once the supplier has started filling the form; the button is disabled anyway.
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const save = trpc.provider.public.save.useMutation();
  const send = trpc.provider.public.send.useMutation();
  const payload = (): ProviderSaveInput => ({
    token,
    comment: values.comment,
    estimated_completion_date: values.estimated_completion_date || null,
    expiration_date: values.expiration_date || null,
    ...(kind === "pricing"
      ? {
          warehouse_id: values.warehouse_id ? Number(values.warehouse_id) : null,
          inventory_action_products_attributes: values.lines.map((l) => ({
            id: l.id,
            quantity: Number(l.quantity) || 0,
            price: l.price === "" ? null : Number(l.price),
            _destroy: l.removed,
          })),
        }
      : {}),
  });
  const latest = useRef(payload);
  latest.current = payload;

  // Autosave: a pause after the last change; a locked document is never written (the server refuses it too).
  useEffect(() => {
    if (!dirty || !action.abilities.canSave) return;
    const timer = setTimeout(() => {
      setDirty(false);
      save.mutate(latest.current(), {
        onSuccess: () => setServerErrors({}),
        onError: (error) => {
          if (errorCode(error) === "CONFLICT") onChanged();
          setServerErrors(firstMessages(error));
        },
      });
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, dirty]);

  const change = (patch: Partial<ProviderFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setDirty(true);
    setTouched(true);
  };
  const clientErrors = formErrors(kind, values);
  const errors = { ...(touched ? clientErrors : {}), ...serverErrors };
  const saving = dirty || save.isPending;
  const locked = !action.abilities.canSave;
  const sendLabel =
    kind === "buy_order"
      ? PROVIDER_TEXTS.confirm
      : action.extra_params.answered
        ? PROVIDER_TEXTS.resend
        : PROVIDER_TEXTS.send;
  const question =
    kind === "buy_order" ? PROVIDER_TEXTS.confirmQuestion : PROVIDER_TEXTS.sendQuestion(action.extra_params.answered);

  const submit = () => {
    setConfirming(false);
    send.mutate(latest.current(), {
      onSuccess: () => {
        setServerErrors({});
        setDone(kind === "buy_order" ? PROVIDER_TEXTS.confirmed : PROVIDER_TEXTS.sent);
        onChanged();
      },
      onError: (error) => {
        if (errorCode(error) === "CONFLICT") onChanged();
        setServerErrors(firstMessages(error));
      },
    });
  };

  const label = autosaveLabel({ saving, saved: save.isSuccess, failed: save.isError });
  return (
    <section className="provider-card" aria-label="Formulario">
      <div className="provider-form-head">
        <h2>{kind === "pricing" ? "Cotización" : "Orden de compra"}</h2>
        {label && (
          <span className="provider-saving" role="status">
            {label}
          </span>
        )}
      </div>
      <fieldset disabled={locked} className="provider-fields">
        {/* Autosaved: a day is written once it is whole, never half-typed. */}
        <DateField
          label="Fecha estimada de entrega"
          required
          value={values.estimated_completion_date}
          onChange={(day) => isDayValue(day) && change({ estimated_completion_date: day })}
          error={errors.estimated_completion_date}
        />
        <DateField
          label="Fecha de vencimiento"
          value={values.expiration_date}
          onChange={(day) => isDayValue(day) && change({ expiration_date: day })}
          error={errors.expiration_date}
        />
        {kind === "pricing" && (
          <Select
            label="Bodega"
            value={values.warehouse_id || undefined}
            placeholder="Seleccione una bodega"
            onValueChange={(v) => change({ warehouse_id: v })}
            options={page.warehouses.map((w) => ({ value: String(w.id), label: w.name }))}
            error={errors.warehouse_id}
            disabled={locked}
          />
        )}
        <div className="field">
          <label htmlFor="provider-comment">Comentario</label>
          <textarea
            id="provider-comment"
            rows={3}
            maxLength={2000}
            value={values.comment}
            onChange={(e) => change({ comment: e.target.value })}
          />
        </div>
        {kind === "pricing" && (
          <div className="provider-required">
            <h3>Productos requeridos</h3>
            {errors.inventory_action_products_attributes && (
              <div className="field-error" role="alert">
                {errors.inventory_action_products_attributes}
              </div>
            )}
            <ul className="provider-lines">
              {values.lines.map((line, i) => {
                const required = page.required_products[i];
                const set = (patch: Partial<typeof line>) =>
                  change({ lines: values.lines.map((l) => (l.id === line.id ? { ...l, ...patch } : l)) });
                return (
                  <li key={line.id} className={line.removed ? "provider-line-removed" : undefined}>
                    <span className="provider-line-name">
                      {line.name} <small>{line.code}</small>
                      <small>Cantidad requerida: {required?.quantity ?? line.required_quantity}</small>
                    </span>
                    <TextField
                      label="Cantidad"
                      type="number"
                      min={0}
                      inputMode="numeric"
                      value={line.quantity}
                      disabled={line.removed}
                      onChange={(e) => set({ quantity: e.target.value })}
                    />
                    <TextField
                      label="Precio unitario"
                      type="number"
                      min={0}
                      inputMode="numeric"
                      value={line.price}
                      disabled={line.removed}
                      onChange={(e) => set({ price: e.target.value })}
                    />
                    <label className="provider-line-removed-toggle">
                      <input
                        type="checkbox"
                        checked={line.removed}
                        onChange={(e) => set({ removed: e.target.checked })}
                      />{" "}
                      No disponible
                    </label>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </fieldset>
      {errors.form && (
        <div className="field-error" role="alert">
          {errors.form}
        </div>
      )}
      <div className="provider-actions">
        {action.abilities.showFinished ? (
          kind === "buy_order" ? (
            <div className="provider-finished" style={{ color: action.status.color }}>
              <CheckCircle2 aria-hidden /> {PROVIDER_TEXTS.finished}
            </div>
          ) : (
            <div className="provider-finished" style={{ color: action.status.color }}>
              {action.failed ? <XCircle aria-hidden /> : <CheckCircle2 aria-hidden />} {action.status.name}
            </div>
          )
        ) : (
          <Button
            onClick={() => setConfirming(true)}
            disabledReason={
              Object.values(clientErrors)[0] ??
              (saving ? "Guardando los cambios…" : action.abilities.canSend ? null : "Ya no se puede enviar.")
            }
            loading={send.isPending}
          >
            {sendLabel}
          </Button>
        )}
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={sendLabel}
        actions={
          <>
            <Button variant="text" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button onClick={submit}>Aceptar</Button>
          </>
        }
      >
        <p>{question}</p>
      </Dialog>
      <Dialog
        open={done !== null}
        onOpenChange={() => setDone(null)}
        title={done ?? ""}
        actions={<Button onClick={() => setDone(null)}>Cerrar</Button>}
      />
    </section>
  );
}

function firstMessages(error: unknown): Record<string, string> {
  const fields = Object.fromEntries(
    Object.entries(fieldErrorsOf(error)).flatMap(([k, m]) => (m[0] ? [[k.split(".")[0] ?? k, m[0]]] : [])),
  );
  if (Object.keys(fields).length) return fields;
  return { form: error instanceof Error ? error.message : "Error al guardar" };
}
