/**
 * The order's life on its detail (page or dialog), for users who may update orders: the status control (only the
 * statuses the company's transitions allow), 'Entregar', 'Anular' with its reason, and the assignee and promised
 * date while the order is open. Every write names the version the screen shows; when someone else changed the
 * order first the server refuses, the message says so and the order reloads as it now is.
 */
import type { RouterOutputs } from "@taller/api";
import {
  agree,
  deliveryStatus,
  ORDER_TEXTS,
  orderEditable,
  orderStatusTargets,
  type TermWords,
  TheTerm,
  theTerm,
  transitionAllowed,
} from "@taller/core";
import { useState } from "react";
import { errorCode, fieldErrorsOf } from "../../lib/api";
import { useTerms } from "../../lib/company-setup";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { DateField } from "../../ui/date-field";
import { Dialog } from "../../ui/dialog";
import { FormFooter } from "../../ui/form-footer";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";

type Order = RouterOutputs["orders"]["get"];

/** What every write of this section does when it settles: reload on success or conflict, and say what happened. */
function useOrderWrite(order: Order, say: (text: string, failed: boolean) => void) {
  const utils = trpc.useUtils();
  const terms = useTerms();
  const refresh = () => Promise.all([utils.orders.get.invalidate({ id: order.id }), utils.orders.list.invalidate()]);
  return (done: string) => ({
    onSuccess: async () => {
      await refresh();
      say(done, false);
    },
    onError: async (error: unknown) => {
      say(error instanceof Error ? error.message : ORDER_TEXTS.stale(terms.order), true);
      if (errorCode(error) === "CONFLICT") await utils.orders.get.invalidate({ id: order.id });
    },
  });
}

/** 'Orden de Trabajo entregada', 'Reparación anulada': the order in the company's words, the participle agreeing. */
const orderDone = (order: TermWords, masculine: string, feminine: string) =>
  `${order.one} ${agree(order, masculine, feminine)}`;

function CancelDialog({
  order,
  open,
  onOpenChange,
  onDone,
}: {
  order: Order;
  open: boolean;
  onOpenChange(open: boolean): void;
  onDone: ReturnType<typeof useOrderWrite>;
}) {
  const [reason, setReason] = useState("");
  const terms = useTerms();
  const cancel = trpc.orders.cancel.useMutation(onDone(orderDone(terms.order, "anulado", "anulada")));
  const error = cancel.error ? (fieldErrorsOf(cancel.error).reason?.[0] ?? null) : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Anular ${terms.order.oneLower} #${order.correlative_id}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          cancel.mutate({ id: order.id, version: order.version, reason }, { onSuccess: () => onOpenChange(false) });
        }}
        noValidate
      >
        <TextField
          label="Motivo"
          value={reason}
          maxLength={500}
          error={error}
          onChange={(e) => setReason(e.target.value)}
        />
        <FormFooter
          saving={cancel.isPending}
          onCancel={() => onOpenChange(false)}
          submitLabel={`Anular ${terms.order.oneLower}`}
          variant="danger"
        />
      </form>
    </Dialog>
  );
}

export function OrderLife({ order }: { order: Order }) {
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const onDone = useOrderWrite(order, (text, failed) => setOutcome({ text, failed }));
  const statuses = trpc.orders.statuses.useQuery();
  const transitions = trpc.orders.transitions.useQuery();
  const assignable = trpc.orders.assignableUsers.useQuery({ id: order.id });
  const change = trpc.orders.changeStatus.useMutation(onDone("Estado actualizado"));
  const terms = useTerms();
  const deliver = trpc.orders.deliver.useMutation(onDone(orderDone(terms.order, "entregado", "entregada")));
  const update = trpc.orders.update.useMutation(onDone(orderDone(terms.order, "actualizado", "actualizada")));
  const [cancelOpen, setCancelOpen] = useState(false);
  const [promised, setPromised] = useState(order.finish_date ?? "");
  // A reloaded order (this user's save, another's change) shows its promised date.
  const [shownDate, setShownDate] = useState(order.finish_date);
  if (shownDate !== order.finish_date) {
    setShownDate(order.finish_date);
    setPromised(order.finish_date ?? "");
  }
  const all = statuses.data?.order_statuses ?? [];
  const rules = transitions.data ?? [];
  const targets = orderStatusTargets(order.status.id, all, rules);
  const delivery = deliveryStatus(all.map((s) => ({ ...s, position: s.order })));
  const canDeliver = delivery !== undefined && transitionAllowed(order.status.id, delivery.id, rules);
  const cancelStatus = all.find((s) => s.cancel);
  const canCancel = cancelStatus !== undefined && transitionAllowed(order.status.id, cancelStatus.id, rules);
  const editable = orderEditable(order.status);
  const theOrder = theTerm(terms.order);
  const finished = `${TheTerm(terms.order)} ya está ${agree(terms.order, "terminado", "terminada")}.`;
  const notDeliverable = `Para entregar, ${theOrder} debe estar en un estado desde el que la empresa permite entregar.`;
  const busy = change.isPending || deliver.isPending || update.isPending;
  const people = assignable.data ?? [];
  const updateError = update.error ? fieldErrorsOf(update.error) : {};
  return (
    <section className="order-section order-section-wide order-life" aria-label={`Cambios de ${theTerm(terms.order)}`}>
      <h3>Estado</h3>
      <div className="order-life-row">
        <Select
          label="Cambiar estado"
          value={String(order.status.id)}
          options={[
            { value: String(order.status.id), label: order.status.name },
            ...targets.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          disabled={busy || targets.length === 0}
          onValueChange={(v) => change.mutate({ id: order.id, version: order.version, status_id: Number(v) })}
        />
        <Button
          loading={deliver.isPending}
          disabled={busy}
          disabledReason={statuses.data && !canDeliver ? (order.status.finish ? finished : notDeliverable) : null}
          onClick={() => deliver.mutate({ id: order.id, version: order.version })}
        >
          Entregar
        </Button>
        <Button
          variant="danger"
          disabled={busy}
          disabledReason={
            statuses.data && !canCancel
              ? cancelStatus
                ? "La empresa no permite anular desde este estado."
                : "La empresa no tiene un estado de anulación (Administrar, Estados)."
              : null
          }
          onClick={() => setCancelOpen(true)}
        >
          Anular
        </Button>
      </div>
      {targets.length === 0 && statuses.data && <p className="muted">No hay estados disponibles desde este estado.</p>}
      {order.cancel_reason && <p>Motivo de anulación: {order.cancel_reason}</p>}
      {editable ? (
        <div className="order-life-row">
          <Select
            label="Técnico"
            value={order.assignee ? String(order.assignee.id) : undefined}
            placeholder={assignable.isPending ? "Cargando…" : "Sin asignar"}
            options={people.map((p) => ({ value: String(p.id), label: p.name }))}
            disabled={busy || people.length === 0}
            error={updateError.assignee_id?.[0] ?? null}
            onValueChange={(v) => update.mutate({ id: order.id, version: order.version, assignee_id: Number(v) })}
          />
          <DateField
            label="Entrega agendada"
            value={promised}
            onChange={setPromised}
            error={updateError.finish_date?.[0] ?? null}
          />
          <Button
            variant="secondary"
            loading={update.isPending}
            disabled={busy || promised === (order.finish_date ?? "")}
            onClick={() => update.mutate({ id: order.id, version: order.version, finish_date: promised || null })}
          >
            Guardar fecha
          </Button>
          {assignable.isError && <QueryFailed query={assignable} what="los técnicos" inline />}
        </div>
      ) : (
        <p className="muted">{ORDER_TEXTS.finished(terms.order)}.</p>
      )}
      {outcome && (
        <p className={outcome.failed ? "field-error" : "order-life-done"} role={outcome.failed ? "alert" : "status"}>
          {outcome.text}
        </p>
      )}
      <CancelDialog order={order} open={cancelOpen} onOpenChange={setCancelOpen} onDone={onDone} />
    </section>
  );
}
