/**
 * The input bar (seed 002 sections 2.3 and 5, seed 001 section 9): text with the @ mention popup, the reply being
 * answered, the event form, image previews, the attach and camera buttons, and send. Enter sends, Shift+Enter starts
 * a line; a message goes only with trimmed text, an event or images. Images are uploaded first, then sent by id.
 */
import {
  BUDGET_TEXTS,
  CHAT_MAX_MENTIONS,
  CHAT_TEXTS,
  EVENT_MIN_HOURS,
  mentionsIn,
  toInstant,
  wallClockDate,
  zonedInstant,
  type BudgetLineInput,
  type ChatEvent,
} from "@taller/core";
import { CalendarPlus, Camera, FileText, ImagePlus, MessageCircle, Send, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { IconButton } from "../../ui/icon-button";
import { TextField } from "../../ui/text-field";
import { initials } from "../../ui/initials";
import { BudgetForm, type BudgetDraft, emptyBudgetDraft } from "../budgets";
import { insertMention, mentionCandidates, mentionQuery, roleLabel } from "./mentions";
import { MessageText } from "./message-bubble";
import { authorName, canSend, eventFormErrors, onlyImages } from "./message-rules";
import type { Message } from "./use-chat-messages";
import { useTerms } from "../../lib/company-setup";
import { agree } from "@taller/core";

export interface EventDraft {
  name: string;
  /** datetime-local value, read as Santiago's wall clock. */
  start: string;
  duration: number;
}

export interface Outgoing {
  comment: string;
  event: { name: string; start: string; duration: number } | null;
  files: File[];
  reply: Message | null;
  /** The budget form's lines: the budget is created with the message. */
  budget: { lines: BudgetLineInput[] } | null;
}

const emptyEvent = (): EventDraft => ({ name: "", start: "", duration: EVENT_MIN_HOURS });

/**
 * The event form's values as the server takes them: the start typed is Santiago's wall clock (as the calendar's
 * form reads it, whatever the browser's zone), sent as an instant. An unfinished start stays what was typed.
 */
export function eventInput(draft: EventDraft): Outgoing["event"] {
  const [day, time] = draft.start.split("T");
  let start: string = draft.start;
  try {
    if (day && time) start = zonedInstant(day, time.slice(0, 5));
  } catch {
    // Not a whole date and time yet: the schema's 'Fecha de inicio inválida' says so.
  }
  return { name: draft.name.trim(), start, duration: draft.duration };
}

/** A stored event as the form's values (Santiago's wall clock), to edit it. */
export function eventDraft(event: ChatEvent): EventDraft {
  return { name: event.name, start: toInstant(wallClockDate(event.start_date)).slice(0, 16), duration: event.duration };
}

export function EventForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: EventDraft;
  submitLabel: string;
  onSubmit(draft: EventDraft): void;
  onCancel(): void;
}) {
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState(false);
  const errors = touched ? eventFormErrors(draft) : {};
  return (
    <form
      className="chat-event-form"
      aria-label="Evento"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (Object.keys(eventFormErrors(draft)).length === 0) onSubmit(draft);
      }}
    >
      <TextField
        label="Nombre del evento"
        value={draft.name}
        error={errors.name}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
      />
      <div className="chat-event-form-row">
        <TextField
          label="Inicio"
          type="datetime-local"
          value={draft.start}
          error={errors.start}
          onChange={(e) => setDraft({ ...draft, start: e.target.value })}
        />
        <TextField
          label="Duración (horas)"
          type="number"
          min={EVENT_MIN_HOURS}
          step={1}
          value={Number.isNaN(draft.duration) ? "" : draft.duration}
          error={errors.duration}
          onChange={(e) => setDraft({ ...draft, duration: e.target.valueAsNumber })}
        />
      </div>
      <div className="chat-event-form-actions">
        <Button variant="text" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit">{submitLabel}</Button>
      </div>
    </form>
  );
}

function MentionPopup({ query, onPick, onClose }: { query: string; onPick(id: number): void; onClose(): void }) {
  const users = trpc.chat.mentionables.useQuery(
    { search: query || undefined },
    { placeholderData: (previous) => previous },
  );
  const candidates = mentionCandidates(users.data ?? [], query);
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="chat-mentions" role="listbox" aria-label="Mencionar usuario">
      {users.isError ? (
        <QueryFailed query={users} what="los usuarios" inline />
      ) : users.isLoading ? (
        <p className="chat-mentions-empty">Cargando…</p>
      ) : candidates.length === 0 ? (
        <p className="chat-mentions-empty">{CHAT_TEXTS.noUsers}</p>
      ) : (
        candidates.map((u) => (
          <button
            key={u.id}
            type="button"
            role="option"
            aria-selected={false}
            className="chat-mentions-item"
            // mousedown, not click: the textarea keeps its focus and caret.
            onMouseDown={(e) => {
              e.preventDefault();
              onPick(u.id);
            }}
          >
            <span className="chat-avatar chat-avatar-sm" aria-hidden>
              {u.picture ? <img src={u.picture} alt="" /> : initials(u.name)}
            </span>
            <span>
              {u.name}
              <small className="muted">{roleLabel(u)}</small>
            </span>
          </button>
        ))
      )}
    </div>
  );
}

export function Composer({
  reply,
  onCancelReply,
  onSend,
  allowCamera,
  allowEvent,
  allowBudget,
  name,
  onWhatsapp,
}: {
  reply: Message | null;
  onCancelReply(): void;
  /** Resolves when the message left (or failed): the draft is cleared at once, the bubble shows it meanwhile. */
  onSend(out: Outgoing): void;
  allowCamera: boolean;
  allowEvent: boolean;
  /** The add menu's budget option: Order chats, and a role that may create budgets (seed 002 section 5). */
  allowBudget: boolean;
  name(kind: "user" | "client", id: number): string;
  /** The WhatsApp client option (seed 001 section 9): given only when the user may create CRM and a client is known. */
  onWhatsapp?: () => void;
}) {
  const { client } = useTerms();
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const [event, setEvent] = useState<EventDraft | null>(null);
  const [eventOpen, setEventOpen] = useState(false);
  const [budget, setBudget] = useState<BudgetDraft | null>(null);
  const [mentionClosed, setMentionClosed] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const pickerId = useId();
  const cameraId = useId();
  const query = mentionClosed ? null : mentionQuery(text, caret);
  const previews = useObjectUrls(files);
  const budgetDraft = budget && { actions: budget.actions.length };
  const sendable = canSend({ text, event, images: files, budget: budgetDraft });
  // The server refuses the same (chatSendInput): said here first, so the draft is kept.
  const tooManyMentions = mentionsIn(text).users.length > CHAT_MAX_MENTIONS;

  const submit = (extra: File[] = []) => {
    const all = [...files, ...extra];
    if (tooManyMentions || !canSend({ text, event, images: all, budget: budgetDraft })) return;
    const lines = budget?.actions.map(({ product_id, description, quantity, unit_price, discount }) => ({
      product_id,
      description,
      quantity,
      unit_price,
      discount,
    }));
    onSend({
      comment: text.trim(),
      event: event ? eventInput(event) : null,
      files: all,
      reply,
      budget: lines ? { lines } : null,
    });
    setText("");
    setFiles([]);
    setEvent(null);
    setBudget(null);
    setCaret(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <div className="chat-composer">
      {tooManyMentions && (
        <p className="chat-send-error" role="alert">
          {CHAT_TEXTS.tooManyMentions}
        </p>
      )}
      {reply && (
        <div className="chat-reply-preview">
          <div>
            <strong>Respondiendo a {authorName(reply)}</strong>
            <p>
              {reply.comment ? (
                <MessageText text={reply.comment} name={name} />
              ) : reply.pictures.length ? (
                "Imagen"
              ) : (
                "Evento"
              )}
            </p>
          </div>
          <IconButton label="Cancelar respuesta" onClick={onCancelReply}>
            <X size={16} />
          </IconButton>
        </div>
      )}
      {eventOpen && (
        <EventForm
          initial={event ?? emptyEvent()}
          submitLabel="Agregar evento"
          onCancel={() => setEventOpen(false)}
          onSubmit={(draft) => {
            setEvent(draft);
            setEventOpen(false);
          }}
        />
      )}
      {event && !eventOpen && (
        <div className="chat-draft-event">
          <CalendarPlus size={16} aria-hidden />
          <span>
            {event.name} · {event.duration} h
          </span>
          <IconButton label="Quitar evento" onClick={() => setEvent(null)}>
            <X size={16} />
          </IconButton>
        </div>
      )}
      {budget && <BudgetForm draft={budget} onChange={setBudget} onClose={() => setBudget(null)} />}
      {budget && budget.actions.length > 0 && (
        <p className="chat-budget-hint" role="status">
          {BUDGET_TEXTS.sendHint}
        </p>
      )}
      {previews.length > 0 && (
        <ul className="chat-previews" aria-label="Imágenes por enviar">
          {previews.map((url, i) => (
            <li key={url}>
              <img src={url} alt={`Imagen ${i + 1}`} />
              <IconButton label={`Quitar imagen ${i + 1}`} onClick={() => setFiles(files.filter((_, j) => j !== i))}>
                <X size={14} />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      {query !== null && (
        <MentionPopup
          query={query}
          onClose={() => setMentionClosed(true)}
          onPick={(id) => {
            const next = insertMention(text, caret, id);
            setText(next.text);
            setCaret(next.caret);
            requestAnimationFrame(() => inputRef.current?.setSelectionRange(next.caret, next.caret));
          }}
        />
      )}
      <div className="chat-input-bar">
        {allowEvent && (
          <IconButton label="Agregar evento" aria-pressed={eventOpen} onClick={() => setEventOpen(!eventOpen)}>
            <CalendarPlus size={20} />
          </IconButton>
        )}
        {allowBudget && (
          <IconButton
            label="Agregar presupuesto"
            aria-pressed={budget !== null}
            onClick={() => setBudget(budget ? null : emptyBudgetDraft())}
          >
            <FileText size={20} />
          </IconButton>
        )}
        <label htmlFor={pickerId} className="icon-btn" aria-label="Adjuntar imágenes" title="Adjuntar imágenes">
          <ImagePlus size={20} aria-hidden />
        </label>
        <input
          id={pickerId}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={(e) => {
            setFiles([...files, ...onlyImages(Array.from(e.target.files ?? []))]);
            e.target.value = "";
          }}
        />
        <textarea
          ref={inputRef}
          className="chat-input"
          aria-label="Mensaje"
          placeholder="Escribe un mensaje"
          rows={1}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart);
            // A new @ (or an emptied text) reopens the popup after Escape closed it.
            if (e.target.value.length === 0 || e.target.value.endsWith("@")) setMentionClosed(false);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
        {allowCamera && (
          <>
            <label
              htmlFor={cameraId}
              className={`icon-btn${text.trim() ? "" : " icon-btn-disabled"}`}
              aria-label="Tomar foto"
              aria-disabled={!text.trim()}
              title="Tomar foto"
            >
              <Camera size={20} aria-hidden />
            </label>
            <input
              id={cameraId}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              disabled={!text.trim()}
              onChange={(e) => {
                const photos = onlyImages(Array.from(e.target.files ?? []));
                e.target.value = "";
                if (photos.length) submit(photos);
              }}
            />
          </>
        )}
        {onWhatsapp && text.length === 0 && (
          <IconButton
            label={`WhatsApp ${agree(client, "al", "a la")} ${client.oneLower}`}
            className="chat-whatsapp"
            onClick={onWhatsapp}
          >
            <MessageCircle size={20} />
          </IconButton>
        )}
        <IconButton
          label="Enviar"
          className="chat-send"
          disabled={!sendable || tooManyMentions}
          onClick={() => submit()}
        >
          <Send size={20} />
        </IconButton>
      </div>
    </div>
  );
}

/** Object URLs of the chosen files, revoked when they change. */
function useObjectUrls(files: File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [files]);
  return urls;
}
