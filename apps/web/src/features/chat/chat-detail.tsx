/**
 * An open chat (seed 002 section 2.3): header with back, picture, subtitle, title, #number, the document's status
 * (live) and 'Ver'; the works and events strips; the messages (older pages within 100 px of the top, 'Ir al final'
 * beyond 300 px from the bottom, read marking near the bottom); and the input bar. Orders open in the 80% order
 * dialog; other documents navigate.
 */
import {
  CHAT_TEXTS,
  WHATSAPP_PLAN_MESSAGE_MS,
  WHATSAPP_TEXTS,
  type ChatHeader,
  type ChatPerson,
  type Instant,
} from "@taller/core";
import { useNavigate } from "@tanstack/react-router";
import { ArrowDown, ArrowLeft, Bot } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { LazyOrderDialog } from "../orders/lazy";
import { failureText } from "../../lib/load-state";
import { useRefreshOn } from "../../lib/company-events";
import { trpc } from "../../lib/trpc";
import { useCan } from "../../lib/permissions";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { IconButton } from "../../ui/icon-button";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";
import { StatusBadge } from "../../ui/status";
import { useSnackbar } from "../../ui/snackbar";
import { CurrentWorkPanel } from "../work";
import { showAssistant } from "./assistant-store";
import { chatBack } from "./chat-store";
import { ChatPicture } from "./chat-row";
import { uploadPictures } from "../../lib/upload";
import { useDialogParam } from "../../lib/url-search";
import { Composer, eventDraft, EventForm, eventInput, type Outgoing } from "./composer";
import { MessageBubble, type BubbleActions } from "./message-bubble";
import { createReadMarker, distanceFromBottom, nearTop, showGoToEnd, SOUND_DELAY_MS } from "./message-rules";
import { playNewMessageSound } from "./sound";
import { BudgetsStrip, EventsStrip, WorksStrip } from "./strips";
import { useChatMessages, type Message } from "./use-chat-messages";
import { WhatsappDialog } from "./whatsapp-panel";
import { useMentionName } from "./use-mention-name";
import { useTerms } from "../../lib/company-setup";

/**
 * The document's status under the title: the header the chat opened with (a list row, possibly cached) is refetched,
 * and again whenever a document moves elsewhere.
 */
function HeaderStatus({ header }: { header: ChatHeader }) {
  const utils = trpc.useUtils();
  const live = trpc.chat.get.useQuery({ chat_id: header.id }, { initialData: header, initialDataUpdatedAt: 0 });
  useRefreshOn(["order.changed", "budget.changed", "crm.changed"], () =>
    utils.chat.get.invalidate({ chat_id: header.id }),
  );
  const status = live.data.status;
  return status ? <StatusBadge color={status.color} name={status.name} /> : null;
}

export function ChatDetail({ header, me }: { header: ChatHeader; me: ChatPerson }) {
  const userId = me.id;
  const navigate = useNavigate();
  const can = useCan();
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  // The order 'Ver' opened is in the URL (?chat_order=<id>): Back closes it, a reload reopens it over this chat.
  const [openOrderId, openOrder, closeOrder] = useDialogParam("chat_order");
  const [reply, setReply] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [goToEnd, setGoToEnd] = useState(false);
  const thread = header.document_type === "Assistant";
  // The WhatsApp option needs the document's client: asked once per chat, only for users who may create CRM.
  const mayWhatsapp = !thread && can("create", "crm");
  const conversation = trpc.messaging.conversation.useQuery(
    { chat_id: header.id },
    { enabled: mayWhatsapp, staleTime: 60_000 },
  );
  const [whatsappOpen, setWhatsappOpen] = useState(false);
  const [whatsappReply, setWhatsappReply] = useState<Message | null>(null);
  const openWhatsapp = () => {
    if (conversation.data?.plan === false)
      snackbar.show(WHATSAPP_TEXTS.notInPlan, { tone: "info", duration: WHATSAPP_PLAN_MESSAGE_MS });
    else setWhatsappOpen(true);
  };

  const ring = useCallback(() => {
    setTimeout(playNewMessageSound, SOUND_DELAY_MS);
  }, []);
  const chat = useChatMessages(header.id, userId, { onOthersMessage: ring });
  const markRead = trpc.chat.markRead.useMutation({
    onSuccess: () => {
      void utils.chat.badges.invalidate();
      void utils.chat.list.invalidate();
    },
  });
  const remove = trpc.chat.remove.useMutation();
  const editEvent = trpc.chat.editEvent.useMutation();

  const mentionName = useMentionName();
  const terms = useTerms();
  const name = (kind: "user" | "client", id: number) =>
    mentionName(kind, id) ?? (kind === "user" ? "usuario" : terms.client.oneLower);

  const marker = useMemo(
    () => createReadMarker((commentId) => markRead.mutate({ chat_id: header.id, comment_id: commentId })),
    [header.id],
  );
  useEffect(() => () => marker.cancel(), [marker]);
  const lastId = chat.messages.findLast((m) => m.id !== null)?.id ?? null;

  // Keep the view at the bottom when new messages arrive while it is there; keep the reading position when older
  // pages are added above.
  const stick = useRef(true);
  const heightBefore = useRef<{ height: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    if (heightBefore.current) {
      box.scrollTop = heightBefore.current.top + (box.scrollHeight - heightBefore.current.height);
      heightBefore.current = null;
    } else if (stick.current) {
      box.scrollTop = box.scrollHeight;
    }
    marker.seen(lastId, distanceFromBottom(box));
    setGoToEnd(showGoToEnd(box));
  }, [chat.messages, lastId, marker]);

  const onScroll = () => {
    const box = scrollRef.current;
    if (!box) return;
    stick.current = distanceFromBottom(box) < 40;
    setGoToEnd(showGoToEnd(box));
    marker.seen(lastId, distanceFromBottom(box));
    if (nearTop(box) && chat.hasOlder && !chat.loadingOlder) {
      heightBefore.current = { height: box.scrollHeight, top: box.scrollTop };
      void chat.loadOlder();
    }
  };

  const toEnd = () => {
    const box = scrollRef.current;
    if (box) box.scrollTo({ top: box.scrollHeight, behavior: "smooth" });
  };

  const send = (out: Outgoing) => {
    stick.current = true;
    setReply(null);
    const previewPictures = out.files.map((f) => {
      const url = URL.createObjectURL(f);
      return { id: "", url, thumb_url: url };
    });
    const event = out.event && { id: 0, ...out.event, start_date: out.event.start as Instant };
    void chat
      .send(
        async () => ({
          comment: out.comment,
          event: out.event,
          budget: out.budget,
          picture_ids: await uploadPictures(out.files, "chat_picture"),
          reply_id: out.reply?.id ?? null,
        }),
        {
          comment: out.comment,
          author_type: "User",
          author: me,
          client_name: null,
          reply: out.reply?.id
            ? {
                id: out.reply.id,
                comment: out.reply.comment,
                author: out.reply.author,
                client_name: out.reply.client_name,
                deleted: false,
              }
            : null,
          target_user_id: null,
          mentioned_user_ids: [],
          pictures: previewPictures,
          calendar_event: event,
          budget: null,
          deleted_at: null,
          client_key: null,
        },
      )
      .finally(() => previewPictures.forEach((p) => URL.revokeObjectURL(p.url)));
  };

  const whatsapp = conversation.data;
  const actions: BubbleActions = {
    reply: setReply,
    // A client's message is answered by WhatsApp while its window is open (free text); without the plan, the
    // option says so.
    replyWhatsapp:
      mayWhatsapp && whatsapp?.client && (whatsapp.plan === false || whatsapp.window.state === "open")
        ? (m) => {
            setWhatsappReply(m);
            openWhatsapp();
          }
        : undefined,
    copy: (m) => {
      navigator.clipboard.writeText(m.comment).catch((error: unknown) => console.error(error));
    },
    editEvent: setEditing,
    remove: (m) => {
      if (m.id === null) return;
      remove.mutate(
        { comment_id: m.id },
        {
          onSuccess: chat.applyFromServer,
          onError: (e) => snackbar.show(e.message, { tone: "error", duration: 3000 }),
        },
      );
    },
  };

  const view = header.view;
  return (
    <section className="chat-detail" aria-label={`Chat ${header.title}`}>
      <header className="chat-detail-header">
        <IconButton label="Volver" onClick={chatBack}>
          <ArrowLeft size={20} />
        </IconButton>
        <ChatPicture chat={header} size={36} />
        <div className="chat-detail-titles">
          <span className="chat-row-subtitle">{header.subtitle}</span>
          <h2>
            {header.title}
            {header.correlative_id !== null && <span className="muted"> #{header.correlative_id}</span>}
          </h2>
          <HeaderStatus header={header} />
        </div>
        {view && !thread && (
          <IconButton
            label="Preguntar al asistente sobre este documento"
            onClick={() => showAssistant({ document_type: view.type, document_id: view.id })}
          >
            <Bot size={20} />
          </IconButton>
        )}
        {view && !thread && (
          <Button
            variant="secondary"
            onClick={() => (view.type === "Order" ? openOrder(view.id) : void navigate({ to: view.path }))}
          >
            Ver
          </Button>
        )}
      </header>
      <CurrentWorkPanel />
      <WorksStrip works={chat.works} />
      <EventsStrip events={chat.events} />
      <BudgetsStrip budgets={chat.budgets} />
      <div className="chat-messages-wrap">
        <div
          ref={scrollRef}
          className="chat-messages"
          onScroll={onScroll}
          role="log"
          aria-label="Mensajes"
          aria-live="polite"
        >
          {chat.loadingOlder && (
            <div className="chat-older">
              <Spinner size={18} />
            </div>
          )}
          {chat.failure !== null ? (
            <LoadFailed text={failureText("los mensajes", chat.failure)} onRetry={chat.retry} inline />
          ) : (
            !chat.ready &&
            !chat.messages.length && (
              <div className="chat-older">
                <Spinner size={18} label="Cargando mensajes" />
              </div>
            )
          )}
          {chat.messages.map((m) => (
            <MessageBubble
              key={m.key}
              message={m}
              own={m.author_type === "User" && m.author?.id === userId}
              userId={userId}
              name={name}
              actions={actions}
            />
          ))}
        </div>
        {goToEnd && (
          <Button variant="secondary" className="chat-go-end" icon={<ArrowDown size={16} />} onClick={toEnd}>
            {CHAT_TEXTS.goToEnd}
          </Button>
        )}
      </div>
      {chat.sendError && (
        <p className="chat-send-error" role="alert">
          {chat.sendError}
        </p>
      )}
      <Composer
        reply={reply}
        onCancelReply={() => setReply(null)}
        onSend={send}
        allowCamera={!thread}
        allowEvent={!thread && can("create", "event")}
        allowBudget={header.document_type === "Order" && can("create", "budget")}
        name={name}
        onWhatsapp={mayWhatsapp && whatsapp?.client ? openWhatsapp : undefined}
      />
      {whatsappOpen && (
        <WhatsappDialog
          chatId={header.id}
          replyTo={whatsappReply}
          open
          onOpenChange={(open) => {
            setWhatsappOpen(open);
            if (!open) setWhatsappReply(null);
          }}
        />
      )}
      {view?.type === "Order" && openOrderId === view.id && (
        <LazyOrderDialog orderId={view.id} open onOpenChange={(open) => !open && closeOrder()} />
      )}
      {editing?.calendar_event && (
        <Dialog open onOpenChange={(open) => !open && setEditing(null)} title="Editar evento">
          <EventForm
            initial={eventDraft(editing.calendar_event)}
            submitLabel="Guardar"
            onCancel={() => setEditing(null)}
            onSubmit={(draft) => {
              const id = editing.id;
              const event = eventInput(draft);
              if (id === null || !event) return;
              editEvent.mutate(
                { comment_id: id, event },
                {
                  onSuccess: (saved) => {
                    chat.applyFromServer(saved);
                    setEditing(null);
                  },
                  onError: (e) => snackbar.show(e.message, { tone: "error", duration: 3000 }),
                },
              );
            }}
          />
        </Dialog>
      )}
    </section>
  );
}
