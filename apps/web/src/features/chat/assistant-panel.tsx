/**
 * The AI assistant in the chat panel: a thread of the user's questions and the assistant's answers, the history
 * menu of their threads and 'Nueva conversación'. While a question waits for its answer the assistant is 'working':
 * the input is disabled and 'El asistente está escribiendo...' shows, until the answer (or the notice that it failed)
 * arrives through the thread's subscription. Without a configured model server it says so and takes no questions.
 */
import { assistantWorking, ASSISTANT_MAX_QUESTION, CHAT_TEXTS, type ChatPerson } from "@taller/core";
import { ArrowLeft, History, Plus, Send } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { reportApiError } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { IconButton } from "../../ui/icon-button";
import { Menu, MenuItem } from "../../ui/menu";
import { Spinner } from "../../ui/spinner";
import { useSnackbar } from "../../ui/snackbar";
import { closeAssistant, pickThread, useAssistant } from "./assistant-store";
import { MessageBubble } from "./message-bubble";
import { useChatMessages, newClientKey } from "./use-chat-messages";

const noName = () => "";

export function AssistantPanel({ me }: { me: ChatPerson }) {
  const { threadId, context } = useAssistant();
  const status = trpc.chat.assistant.status.useQuery();
  const threads = trpc.chat.assistant.threads.useQuery();
  const create = trpc.chat.assistant.create.useMutation({
    onSuccess: (t) => pickThread(t.id),
    onError: reportApiError,
  });
  // No thread picked: the newest empty one (made or reused by the server).
  useEffect(() => {
    if (threadId === null && status.data?.configured && !create.isPending) create.mutate();
  }, [threadId, status.data?.configured]);
  const current = threads.data?.find((t) => t.id === threadId);

  return (
    <section className="chat-detail assistant" aria-label={CHAT_TEXTS.assistantTitle}>
      <header className="chat-detail-header">
        <IconButton label="Volver" onClick={closeAssistant}>
          <ArrowLeft size={20} />
        </IconButton>
        <div className="chat-detail-titles">
          <span className="chat-row-subtitle">{current?.subtitle || CHAT_TEXTS.assistantTitle}</span>
          <h2>{current?.title ?? CHAT_TEXTS.assistantNewThread}</h2>
        </div>
        {status.data?.configured && (
          <>
            <Menu
              trigger={
                <IconButton label={CHAT_TEXTS.assistantHistory}>
                  <History size={20} />
                </IconButton>
              }
            >
              {threads.data?.length ? (
                threads.data.map((t) => (
                  <MenuItem key={t.id} onSelect={() => pickThread(t.id)}>
                    {t.title}
                  </MenuItem>
                ))
              ) : (
                <MenuItem disabled onSelect={() => undefined}>
                  {CHAT_TEXTS.assistantNoThreads}
                </MenuItem>
              )}
            </Menu>
            <IconButton label={CHAT_TEXTS.assistantNewThread} onClick={() => create.mutate()}>
              <Plus size={20} />
            </IconButton>
          </>
        )}
      </header>
      {status.isLoading ? (
        <div className="chat-older">
          <Spinner size={18} />
        </div>
      ) : !status.data?.configured ? (
        <p className="assistant-off" role="status">
          {CHAT_TEXTS.assistantNotConfigured}
        </p>
      ) : threadId === null ? (
        <div className="chat-older">
          <Spinner size={18} label="Abriendo conversación" />
        </div>
      ) : (
        <AssistantThread
          key={threadId}
          threadId={threadId}
          me={me}
          context={context}
          onAsked={() => void threads.refetch()}
        />
      )}
    </section>
  );
}

function AssistantThread({
  threadId,
  me,
  context,
  onAsked,
}: {
  threadId: number;
  me: ChatPerson;
  context: ReturnType<typeof useAssistant>["context"];
  onAsked(): void;
}) {
  const snackbar = useSnackbar();
  const chat = useChatMessages(threadId, me.id, { onOthersMessage: () => undefined });
  const ask = trpc.chat.assistant.ask.useMutation();
  const [text, setText] = useState("");
  const [now, setNow] = useState(() => Date.now());
  const scrollRef = useRef<HTMLDivElement>(null);
  const last = chat.messages.findLast((m) => m.id !== null) ?? null;
  const waiting = assistantWorking(last, now);
  const working = ask.isPending || waiting;
  // A question left waiting (a reload while the model answers) stops counting as working at the timeout.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [chat.messages, working]);

  const submit = () => {
    const question = text.trim();
    if (!question || working) return;
    setNow(Date.now());
    ask.mutate(
      { chat_id: threadId, client_key: newClientKey(), question, context },
      {
        onSuccess: ({ question: q, answer }) => {
          setText("");
          chat.applyFromServer(q);
          if (answer) chat.applyFromServer(answer);
          onAsked();
        },
        onError: (e) => snackbar.show(e.message, { tone: "error", duration: 3000, closeLabel: "Cerrar" }),
      },
    );
  };

  return (
    <>
      <div className="chat-messages-wrap">
        <div ref={scrollRef} className="chat-messages" role="log" aria-label="Mensajes" aria-live="polite">
          {!chat.ready && !chat.messages.length && (
            <div className="chat-older">
              <Spinner size={18} label="Cargando mensajes" />
            </div>
          )}
          {chat.messages.map((m) => (
            <MessageBubble
              key={m.key}
              message={m}
              own={m.author_type === "User" && m.author?.id === me.id}
              userId={me.id}
              name={noName}
            />
          ))}
          {working && (
            <p className="assistant-typing" role="status">
              <span className="assistant-typing-dots" aria-hidden>
                <span />
                <span />
                <span />
              </span>
              {CHAT_TEXTS.assistantWorking}
            </p>
          )}
        </div>
      </div>
      <form
        className="chat-composer assistant-composer"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <textarea
          aria-label="Pregunta"
          placeholder={CHAT_TEXTS.assistantPlaceholder}
          value={text}
          maxLength={ASSISTANT_MAX_QUESTION}
          disabled={working}
          rows={1}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <IconButton label="Enviar pregunta" type="submit" disabled={working || !text.trim()}>
          <Send size={20} />
        </IconButton>
      </form>
    </>
  );
}
