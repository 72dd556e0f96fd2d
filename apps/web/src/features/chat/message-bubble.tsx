/**
 * One message (seed 002 sections 2.3 and 4.1): the author's avatar and name, the reply it answers, its text with
 * mentions as names, pictures as thumbnails opening the original, an event, and its time. Its menu offers reply,
 * copy, edit (an event message of one's own) and delete (its author, within 5 minutes). A deleted message reads
 * 'Mensaje eliminado'.
 */
import { CHAT_TEXTS, formatDateTime, formatMoney, formatTime } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { CalendarClock, Copy, FileText, MessageCircle, MoreVertical, Pencil, Reply, Trash2 } from "lucide-react";
import { Fragment } from "react";
import { IconButton } from "../../ui/icon-button";
import { initials } from "../../ui/initials";
import { Menu, MenuItem } from "../../ui/menu";
import { splitMentions } from "./mentions";
import { authorName, canDelete } from "./message-rules";
import type { Message } from "./use-chat-messages";

/** The text with (user:ID) and (client:ID) written as @names. */
export function MessageText({ text, name }: { text: string; name(kind: "user" | "client", id: number): string }) {
  return (
    <>
      {splitMentions(text).map((s, i) =>
        "text" in s ? (
          <Fragment key={i}>{s.text}</Fragment>
        ) : (
          <span key={i} className="chat-mention">
            @{name(s.kind, s.id)}
          </span>
        ),
      )}
    </>
  );
}

export interface BubbleActions {
  reply(m: Message): void;
  /** A client's WhatsApp message answered by WhatsApp (absent where the user may not, or the window is closed). */
  replyWhatsapp?(m: Message): void;
  copy(m: Message): void;
  editEvent(m: Message): void;
  remove(m: Message): void;
}

export function MessageBubble({
  message,
  own,
  userId,
  name,
  actions,
}: {
  message: Message;
  own: boolean;
  userId: number;
  name(kind: "user" | "client", id: number): string;
  /** Absent: no menu (an assistant thread's messages are not replied to, edited or deleted). */
  actions?: BubbleActions;
}) {
  const author = authorName(message);
  const deleted = message.deleted_at !== null;
  const event = message.calendar_event;
  return (
    <article
      className={`chat-message${own ? " chat-message-own" : ""}`}
      aria-label={`Mensaje de ${author}`}
      data-message-id={message.id ?? undefined}
    >
      {!own && (
        <span className="chat-avatar" aria-hidden>
          {message.author?.picture ? <img src={message.author.picture} alt="" /> : initials(author)}
        </span>
      )}
      <div
        className={`chat-bubble${deleted ? " chat-bubble-deleted" : ""}${message.failed ? " chat-bubble-failed" : ""}`}
      >
        {!own && <div className="chat-bubble-author">{author}</div>}
        {deleted ? (
          <p className="chat-bubble-text muted">{CHAT_TEXTS.deleted}</p>
        ) : (
          <>
            {message.reply && (
              <blockquote className="chat-reply-quote">
                <strong>{authorName(message.reply)}</strong>
                <span>
                  {message.reply.deleted ? (
                    CHAT_TEXTS.deleted
                  ) : (
                    <MessageText text={message.reply.comment} name={name} />
                  )}
                </span>
              </blockquote>
            )}
            {message.pictures.length > 0 && (
              <div className="chat-pictures">
                {message.pictures.map((p) => (
                  <a key={p.url} href={p.url} target="_blank" rel="noreferrer">
                    <img src={p.thumb_url} alt="Imagen adjunta" loading="lazy" />
                  </a>
                ))}
              </div>
            )}
            {message.budget && (
              <Link
                to="/main/budgets/$id"
                params={{ id: String(message.budget.id) }}
                className="chat-event-card chat-budget-card"
              >
                <FileText size={16} aria-hidden />
                <span>
                  <strong>Presupuesto #{message.budget.correlative_id}</strong> · {formatMoney(message.budget.total)}
                </span>
              </Link>
            )}
            {event && (
              <div className="chat-event-card">
                <CalendarClock size={16} aria-hidden />
                <span>
                  <strong>{event.name}</strong>
                  <br />
                  {formatDateTime(new Date(event.start_date))} · {event.duration} h
                </span>
              </div>
            )}
            {message.comment && (
              <p className="chat-bubble-text">
                <MessageText text={message.comment} name={name} />
              </p>
            )}
          </>
        )}
        <div className="chat-bubble-meta">
          {message.failed ? (
            <span className="chat-failed">No enviado</span>
          ) : message.id === null ? (
            <span>Enviando…</span>
          ) : null}
          <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
        </div>
      </div>
      {actions && !deleted && message.id !== null && (
        <Menu
          trigger={
            <IconButton label="Opciones del mensaje" className="chat-message-menu">
              <MoreVertical size={16} />
            </IconButton>
          }
        >
          <MenuItem icon={<Reply size={16} />} onSelect={() => actions.reply(message)}>
            Responder
          </MenuItem>
          {actions.replyWhatsapp && message.author_type === "Client" && (
            <MenuItem icon={<MessageCircle size={16} />} onSelect={() => actions.replyWhatsapp?.(message)}>
              Responder por WhatsApp
            </MenuItem>
          )}
          <MenuItem icon={<Copy size={16} />} onSelect={() => actions.copy(message)}>
            Copiar
          </MenuItem>
          {own && event && (
            <MenuItem icon={<Pencil size={16} />} onSelect={() => actions.editEvent(message)}>
              Editar evento
            </MenuItem>
          )}
          {canDelete(message, userId) && (
            <MenuItem icon={<Trash2 size={16} />} onSelect={() => actions.remove(message)}>
              Eliminar
            </MenuItem>
          )}
        </Menu>
      )}
    </article>
  );
}
