/**
 * One management (seed 001 'CRM management detail'), as the page /main/crm/{id} and as a dialog the lists open:
 * a toolbar with its correlative, the accordion panels (General, Gestión, client, vehicle, booking or check-in, last
 * order, works with their count) with 'Abrir chat' (the management's chat in the shell's panel), and a footer with the
 * status menu, 'Agendar Vehículo' / 'Reagendar Vehículo', 'Marcar como perdida' and 'Enviar a Lista de Espera' (each
 * confirmed, with an optional comment). Every action needs update on crm. When anyone changes the management it reloads
 * and says 'La gestión ha sido actualizada' (5 s).
 *
 *   <ManagementDialog crmId={id} open onOpenChange={…} />
 */
import type { RouterOutputs } from "@taller/api";
import {
  bookObjectText,
  CRM_SNACKBAR_MS,
  CRM_TEXTS,
  CRM_UPDATED_NOTICE_MS,
  formatDateTime,
  formatDay,
  formatMoney,
  formatNumber,
  rebookObjectText,
  titleCase,
} from "@taller/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, ChevronDown, MessageSquare } from "lucide-react";
import { type ReactNode, useState } from "react";
import { errorCode } from "../../lib/api";
import { useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { QueryFailed } from "../../lib/load-state";
import { useRefreshOn } from "../../lib/company-events";
import { trpc } from "../../lib/trpc";
import { Accordion, AccordionPanel } from "../../ui/accordion";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { RecordDialog } from "../../ui/record-dialog";
import { IconButton } from "../../ui/icon-button";
import { Menu, MenuItem } from "../../ui/menu";
import { useSnackbar } from "../../ui/snackbar";
import { PageLoader } from "../../ui/spinner";
import { StatusBadge } from "../../ui/status";
import { TextField } from "../../ui/text-field";
import { BookingDialog, BookingFormDialog } from "../booking";
import { showChat } from "../chat";
import { WorkCard } from "../work";
import { nextStatuses } from "./crm-rules";

import { CategoryBadge } from "./management-rows";
import "./crm.css";

type Management = RouterOutputs["crm"]["get"];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="crm-field">
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === "" ? "-" : children}</dd>
    </div>
  );
}

/** A confirmation with an optional comment (mark lost, waiting list, a status change). */
function ConfirmDialog({
  text,
  withComment,
  busy,
  onConfirm,
  onCancel,
}: {
  text: string;
  withComment: boolean;
  busy: boolean;
  onConfirm(comment: string | null): void;
  onCancel(): void;
}) {
  const [comment, setComment] = useState("");
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title="Confirmar"
      description={text}
      actions={
        <>
          <Button variant="text" onClick={onCancel}>
            Cancelar
          </Button>
          <Button loading={busy} onClick={() => onConfirm(comment.trim() || null)}>
            Confirmar
          </Button>
        </>
      }
    >
      {withComment && (
        <TextField
          label="Comentario (opcional)"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={1000}
        />
      )}
    </Dialog>
  );
}

/**
 * When this tab last changed each management: its own change's event (which may arrive before the answer) reloads
 * the management without announcing it as someone else's.
 */
const changedHere = new Map<number, number>();
const OWN_CHANGE_MS = 3000;

type Pending = { kind: "lost" } | { kind: "waiting" } | { kind: "status"; id: number; name: string } | null;

/** The footer: status menu, booking action, mark lost, waiting list; each needs update on crm. */
function Actions({ crm, onChanged }: { crm: Management; onChanged(next: Management): void }) {
  const snackbar = useSnackbar();
  const terms = useTerms();
  const statuses = trpc.crm.statuses.useQuery(undefined, { enabled: crm.can_update });
  const [pending, setPending] = useState<Pending>(null);
  const [booking, setBookingState] = useState<"book" | "rebook" | null>(null);
  // While this tab books or moves the management's booking, its announcements are this tab's own (no notice).
  const setBooking = (next: "book" | "rebook" | null) => {
    changedHere.set(crm.id, next === null ? Date.now() : Number.POSITIVE_INFINITY);
    setBookingState(next);
  };
  const done = (message: string) => (next: Management) => {
    changedHere.set(crm.id, Date.now());
    setPending(null);
    onChanged(next);
    snackbar.show(message, { tone: "success", duration: CRM_SNACKBAR_MS });
  };
  const failed = (message: string) => () => {
    setPending(null);
    snackbar.show(message, { tone: "error", duration: CRM_SNACKBAR_MS });
  };
  const onMutate = () => void changedHere.set(crm.id, Date.now());
  const markLost = trpc.crm.markLost.useMutation({
    onMutate,
    onSuccess: done(CRM_TEXTS.lostOk),
    onError: failed(CRM_TEXTS.lostError),
  });
  const waiting = trpc.crm.waitingList.useMutation({
    onMutate,
    onSuccess: done(CRM_TEXTS.waitingListOk),
    onError: failed(CRM_TEXTS.waitingListError),
  });
  const setStatus = trpc.crm.updateStatus.useMutation({
    onMutate,
    onSuccess: done("Estado actualizado"),
    onError: failed("Error al actualizar el estado"),
  });
  if (!crm.can_update) return null;

  const action =
    crm.booking_action === "book"
      ? bookObjectText(terms.object)
      : crm.booking_action === "rebook"
        ? rebookObjectText(terms.object)
        : null;
  const others = nextStatuses(statuses.data?.statuses ?? [], crm.status?.id ?? null, statuses.data?.transitions ?? []);
  // Never silently disabled: the menu says why it has nothing to offer.
  const statusBlocked = statuses.isError
    ? "No se pudieron cargar los estados"
    : statuses.isSuccess && others.length === 0
      ? "No hay otro estado al que pasar"
      : null;
  return (
    <footer className="crm-detail-footer">
      {statusBlocked ? (
        <Button variant="secondary" icon={<ChevronDown size={16} aria-hidden />} disabledReason={statusBlocked}>
          Cambiar estado
        </Button>
      ) : (
        <Menu
          align="start"
          trigger={
            <Button
              variant="secondary"
              icon={<ChevronDown size={16} aria-hidden />}
              loading={statuses.isPending || setStatus.isPending}
            >
              Cambiar estado
            </Button>
          }
        >
          {others.map((s) => (
            <MenuItem
              key={s.id}
              onSelect={() => setPending({ kind: "status", id: s.id, name: s.name })}
              icon={<span className="status-dot" style={{ background: s.color }} />}
            >
              {s.name}
            </MenuItem>
          ))}
        </Menu>
      )}
      {action && (
        <Button variant="secondary" onClick={() => setBooking(crm.booking_action)}>
          {action}
        </Button>
      )}
      {crm.category !== "failed" && (
        <Button variant="danger" onClick={() => setPending({ kind: "lost" })}>
          Marcar como perdida
        </Button>
      )}
      {!crm.on_hold && (
        <Button variant="secondary" onClick={() => setPending({ kind: "waiting" })}>
          Enviar a Lista de Espera
        </Button>
      )}
      {pending?.kind === "lost" && (
        <ConfirmDialog
          text={CRM_TEXTS.confirmLost}
          withComment
          busy={markLost.isPending}
          onCancel={() => setPending(null)}
          onConfirm={(comment) => markLost.mutate({ id: crm.id, comment })}
        />
      )}
      {pending?.kind === "waiting" && (
        <ConfirmDialog
          text={CRM_TEXTS.confirmWaitingList(terms.client)}
          withComment
          busy={waiting.isPending}
          onCancel={() => setPending(null)}
          onConfirm={(comment) => waiting.mutate({ id: crm.id, comment })}
        />
      )}
      {pending?.kind === "status" && (
        <ConfirmDialog
          text={`¿Está seguro que desea cambiar el estado de la gestión a ${pending.name}?`}
          withComment={false}
          busy={setStatus.isPending}
          onCancel={() => setPending(null)}
          onConfirm={() => setStatus.mutate({ id: crm.id, status_id: pending.id })}
        />
      )}
      {booking === "book" && (
        <BookingFormDialog
          open
          title={bookObjectText(terms.object)}
          onOpenChange={(open) => !open && setBooking(null)}
          initial={{
            client_id: crm.client?.id ?? null,
            vehicle_id: crm.object?.id ?? null,
            requirement_id: crm.requirement?.id ?? null,
            location_id: crm.location?.id ?? null,
            crm_id: crm.id,
          }}
        />
      )}
      {booking === "rebook" && crm.booking && (
        <BookingDialog bookingId={crm.booking.id} open onOpenChange={(open) => !open && setBooking(null)} />
      )}
    </footer>
  );
}

/** `onLeave`: the dialog closes before the chat panel opens (a modal would cover it). */
export function ManagementView({
  crm,
  onChanged,
  onLeave,
}: {
  crm: Management;
  onChanged(next: Management): void;
  onLeave?(): void;
}) {
  const terms = useTerms();
  const can = useCan();
  const kms = crm.object?.kms;
  const booking = crm.booking;
  // The management's works (work requests made from its chat); users without read on works see their own.
  const works = trpc.workpoint.list.useQuery({ document_type: "Crm", document_id: crm.id, limit: 50 });
  return (
    <article className="crm-detail" aria-label={`Gestión #${crm.correlative_id}`}>
      <div className="crm-detail-top">
        <Button
          variant="secondary"
          icon={<MessageSquare size={16} aria-hidden />}
          onClick={() => {
            onLeave?.();
            showChat({ document_type: "Crm", document_id: crm.id });
          }}
        >
          Abrir chat
        </Button>
      </div>
      <Accordion defaultOpen={["general", "gestion", "client", "object", "booking", "order", "works"]}>
        <AccordionPanel value="general" title="General">
          <dl className="crm-fields">
            <Field label="Estado">
              {crm.status ? <StatusBadge color={crm.status.color} name={crm.status.name} /> : null}
            </Field>
            <Field label="Categoría">
              <CategoryBadge kind={crm.kind} category={crm.category} />
            </Field>
            <Field label="Lista de Espera">{crm.on_hold ? "Sí" : "No"}</Field>
            <Field label="Local">{crm.location?.name}</Field>
            <Field label="Responsable">{crm.user && [crm.user.name, crm.user.phone].filter(Boolean).join(" · ")}</Field>
            {crm.scheduled_for && <Field label="Fecha programada">{formatDay(crm.scheduled_for)}</Field>}
            {crm.estimated_amount > 0 && <Field label="Valor estimado">{formatMoney(crm.estimated_amount)}</Field>}
            {crm.recovered_amount > 0 && <Field label="Monto recuperado">{formatMoney(crm.recovered_amount)}</Field>}
            <Field label="Último contacto">{crm.last_contacted_at && formatDateTime(crm.last_contacted_at)}</Field>
            {crm.reminder && <Field label="WhatsApp">{crm.reminder}</Field>}
          </dl>
        </AccordionPanel>
        <AccordionPanel value="gestion" title="Gestión">
          <dl className="crm-fields">
            <Field label="Requerimiento">
              {crm.from_requirement
                ? `${crm.from_requirement.name} → ${crm.requirement?.name ?? "-"}`
                : crm.requirement?.name}
            </Field>
            <Field label="Fecha">{formatDateTime(crm.created_at)}</Field>
            <Field label="Generado por">{crm.generated_by?.name ?? CRM_TEXTS.system}</Field>
            <Field label="Comentario">{crm.comment}</Field>
          </dl>
        </AccordionPanel>
        {crm.client && (
          <AccordionPanel value="client" title={terms.client.one}>
            <dl className="crm-fields">
              <Field label="Nombre">
                {can("read", "client") ? (
                  <Link to="/main/crm/$" params={{ _splat: `clients/${crm.client.id}` }}>
                    {titleCase(crm.client.name)}
                  </Link>
                ) : (
                  titleCase(crm.client.name)
                )}
              </Field>
              <Field label="RUT">{crm.client.rut}</Field>
              <Field label="Dirección">{[crm.client.address, crm.client.city].filter(Boolean).join(", ")}</Field>
              <Field label="Correo">{crm.client.email}</Field>
              <Field label="Teléfono">
                {crm.client.phone && <a href={`tel:${crm.client.phone}`}>{crm.client.phone}</a>}
              </Field>
            </dl>
          </AccordionPanel>
        )}
        {crm.object && (
          <AccordionPanel value="object" title={terms.object.one}>
            <dl className="crm-fields">
              <Field label="Identificador">{crm.object.identifier}</Field>
              <Field label="Marca">{crm.object.brand}</Field>
              <Field label="Modelo">{crm.object.brand_model}</Field>
              <Field label="Chasis">{crm.object.chassis}</Field>
              {kms != null && kms >= 0 && <Field label="Kilometraje">{`${formatNumber(kms)} km`}</Field>}
              <Field label="Color">{crm.object.color}</Field>
              {crm.object.custom_fields.map((f) => (
                <Field key={f.key} label={f.label}>
                  {f.value}
                </Field>
              ))}
            </dl>
          </AccordionPanel>
        )}
        <AccordionPanel value="booking" title={booking?.checked_in ? "Recepción" : "Reserva"}>
          {booking ? (
            <dl className="crm-fields">
              <Field label="Fecha">
                {booking.booking_date && `${formatDay(booking.booking_date)} · ${booking.booking_time ?? ""}`}
              </Field>
              <Field label="Agendada el">{booking.created_at && formatDateTime(booking.created_at)}</Field>
              {booking.check_in_time && <Field label="Recepción">{formatDateTime(booking.check_in_time)}</Field>}
              <Field label="Comentario">{booking.comment}</Field>
              <Field label="Reserva">
                <Link to="/main/bookings/$id" params={{ id: String(booking.id) }}>
                  Ver reserva
                </Link>
              </Field>
              {booking.order_id !== null && can("read", "check_in") && (
                <Field label={terms.order.one}>
                  <Link to="/main/orders/$id" params={{ id: String(booking.order_id) }}>
                    Ver {terms.order.oneLower}
                  </Link>
                </Field>
              )}
            </dl>
          ) : (
            <p className="muted">Sin reserva</p>
          )}
        </AccordionPanel>
        <AccordionPanel value="order" title={`${terms.order.one} más reciente`}>
          {crm.last_order ? (
            <dl className="crm-fields">
              <Field label="Número">
                {can("read", "check_in") ? (
                  <Link to="/main/orders/$id" params={{ id: String(crm.last_order.id) }}>
                    #{crm.last_order.correlative_id}
                  </Link>
                ) : (
                  `#${crm.last_order.correlative_id}`
                )}
              </Field>
              <Field label="Requerimiento">{crm.last_order.requirement_name}</Field>
              <Field label="Entrega agendada">
                {crm.last_order.finish_date && formatDay(crm.last_order.finish_date)}
              </Field>
              <Field label="Finalizada">
                {crm.last_order.completed_at && formatDateTime(crm.last_order.completed_at)}
              </Field>
              <Field label="Comentario">{crm.last_order.comment}</Field>
            </dl>
          ) : (
            <p className="muted">Sin {terms.order.manyLower}</p>
          )}
        </AccordionPanel>
        <AccordionPanel value="works" title={`Trabajos (${works.data?.items.length ?? 0})`}>
          {works.data?.items.length ? (
            <ul className="crm-works">
              {works.data.items.map((w) => (
                <li key={w.id}>
                  <WorkCard work={w} terms={terms} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Sin trabajos</p>
          )}
        </AccordionPanel>
      </Accordion>
      <Actions crm={crm} onChanged={onChanged} />
    </article>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <div className="status-page">
      <h1>{text}</h1>
    </div>
  );
}

/**
 * The management, or what went wrong loading it; it follows changes made anywhere (crm.onChanged) and announces
 * those made elsewhere (another user, another tab) that changed what it shows.
 */
export function ManagementLoader({
  crmId,
  header,
  onLeave,
}: {
  crmId: number;
  header?(crm: Management): ReactNode;
  onLeave?(): void;
}) {
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const query = trpc.crm.get.useQuery({ id: crmId });
  // Its last order (status, delivery) moved elsewhere.
  useRefreshOn(["order.changed"], () => utils.crm.get.invalidate({ id: crmId }));
  trpc.crm.onChanged.useSubscription(
    {},
    {
      onData: ({ data }) => {
        if (!data.ids.includes(crmId)) return;
        const own = Date.now() - (changedHere.get(crmId) ?? 0) < OWN_CHANGE_MS;
        const before = JSON.stringify(utils.crm.get.getData({ id: crmId }));
        void utils.crm.get.fetch({ id: crmId }, { staleTime: 0 }).then((next) => {
          if (!own && JSON.stringify(next) !== before)
            snackbar.show(CRM_TEXTS.updated, { duration: CRM_UPDATED_NOTICE_MS });
        });
      },
    },
  );
  const changed = (next: Management) => {
    utils.crm.get.setData({ id: crmId }, next);
    void utils.crm.retentions.invalidate();
    void utils.crm.absences.invalidate();
    void utils.crm.bookings.invalidate();
    void utils.crm.kpis.invalidate();
  };
  if (query.data) {
    return (
      <>
        {header?.(query.data)}
        <ManagementView crm={query.data} onChanged={changed} onLeave={onLeave} />
      </>
    );
  }
  if (!query.isError) return <PageLoader />;
  const code = errorCode(query.error);
  if (code === "FORBIDDEN") return <Problem text={CRM_TEXTS.forbidden} />;
  if (code === "NOT_FOUND") return <Problem text={CRM_TEXTS.notFound} />;
  return <QueryFailed query={query} what="la gestión" />;
}

/** /main/crm/{id} */
export function ManagementDetailPage({ crmId }: { crmId: number }) {
  const navigate = useNavigate();
  return (
    <div className="crm-detail-page">
      <ManagementLoader
        crmId={crmId}
        header={(crm) => (
          <div className="crm-detail-toolbar">
            <IconButton
              label="Volver"
              onClick={() => void navigate({ to: "/main/crm/$", params: { _splat: "bookings" } })}
            >
              <ArrowLeft size={20} />
            </IconButton>
            <h2>Gestión #{crm.correlative_id}</h2>
          </div>
        )}
      />
    </div>
  );
}

/** The management in a dialog (the lists open it). */
export function ManagementDialog({
  crmId,
  open,
  onOpenChange,
}: {
  crmId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const crm = trpc.crm.get.useQuery({ id: crmId });
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={crm.data ? `Gestión #${crm.data.correlative_id}` : "Gestión"}
      width={960}
      className="crm-dialog"
      page={{ to: "/main/crm/$", params: { _splat: String(crmId) } }}
    >
      <ManagementLoader crmId={crmId} onLeave={() => onOpenChange(false)} />
    </RecordDialog>
  );
}
