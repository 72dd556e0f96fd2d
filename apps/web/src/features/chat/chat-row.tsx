/**
 * One chat in the list (seed 002 section 2.2): picture (a default icon by document type when it has none), subtitle,
 * title, #number, the last comment as "First name: 40 characters", its time, the unread dot or mention count, the
 * user's works on it (a work icon and their names), a check when the document is finished and its status now.
 */
import type { ChatListItem } from "@taller/core";
import { AtSign, CalendarDays, CircleCheck, FileText, Package, Wrench } from "lucide-react";
import { StatusBadge } from "../../ui/status";
import { chatTime, lastCommentLine } from "./list-rules";
import { useMentionName } from "./use-mention-name";

/** Inventory action and booking chats without a picture get a default icon; others a document icon. */
export function ChatPicture({
  chat,
  size = 44,
}: {
  chat: Pick<ChatListItem, "picture" | "document_type">;
  size?: number;
}) {
  if (chat.picture)
    return <img className="chat-picture" src={chat.picture} alt="" width={size} height={size} loading="lazy" />;
  const Icon =
    chat.document_type === "Booking" ? CalendarDays : chat.document_type === "InventoryAction" ? Package : FileText;
  return (
    <span className="chat-picture chat-picture-icon" style={{ width: size, height: size }} aria-hidden>
      <Icon size={size / 2} />
    </span>
  );
}

/** "Cambio de aceite, Alineación +2": the names the row has, and how many more there are. */
function workNames(chat: Pick<ChatListItem, "own_works" | "work_names">): string {
  // Rows cached on the device by an older version have no names: their count stands in.
  const names = chat.work_names ?? [];
  if (!names.length) return String(chat.own_works);
  const more = chat.own_works - names.length;
  return `${names.join(", ")}${more > 0 ? ` +${more}` : ""}`;
}

export function ChatRow({ chat, onOpen }: { chat: ChatListItem; onOpen(): void }) {
  const last = chat.last_comment;
  const line = lastCommentLine(last, useMentionName());
  return (
    <button type="button" className={`chat-row${chat.unread > 0 ? " chat-row-unread" : ""}`} onClick={onOpen}>
      <ChatPicture chat={chat} />
      <span className="chat-row-main">
        <span className="chat-row-top">
          <span className="chat-row-subtitle">{chat.subtitle}</span>
          <time className="chat-row-time" dateTime={last?.created_at ?? chat.activity_at}>
            {chatTime(last?.created_at ?? null)}
          </time>
        </span>
        <span className="chat-row-title">
          {chat.title}
          {chat.correlative_id !== null && <span className="muted"> #{chat.correlative_id}</span>}
          {chat.finished && <CircleCheck size={14} className="chat-finished" aria-label="Finalizado" />}
          {/* Rows cached on the device by an older version have no status. */}
          {chat.status && <StatusBadge color={chat.status.color} name={chat.status.name} />}
        </span>
        <span className="chat-row-bottom">
          <span className="chat-row-last">{line}</span>
          {chat.own_works > 0 && (
            <span className="chat-row-works" aria-label={`${chat.own_works} trabajo(s) tuyos: ${workNames(chat)}`}>
              <Wrench size={14} aria-hidden />
              {workNames(chat)}
            </span>
          )}
          {chat.mention > 0 && (
            <span className="chat-badge" aria-label={`${chat.mention} menciones`}>
              <AtSign size={12} aria-hidden />
              {chat.mention}
            </span>
          )}
          {chat.unread > 0 && chat.mention === 0 && (
            <span className="chat-dot" role="img" aria-label={`${chat.unread} sin leer`} />
          )}
        </span>
      </span>
    </button>
  );
}
