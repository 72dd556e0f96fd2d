/**
 * The chat's WhatsApp option (seed 001 sections 8 and 9, seed 002 sections 6 and 8): a dialog that says, before
 * anything is typed, which rule applies to the document's client — free text inside the 24 hours after the client's
 * last message, otherwise only an approved template — and offers the templates with one input per variable. The
 * server refuses anything else; the dialog never offers it. Below, what was sent and its status (with the local
 * default every message reads 'Registrado (no enviado)').
 */
import { formatDateTime, formatTime, MESSAGE_STATUS_LABELS, WHATSAPP_TEXTS } from "@taller/core";
import { useState } from "react";
import { useTerms } from "../../lib/company-setup";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { TextField } from "../../ui/text-field";
import { useSnackbar } from "../../ui/snackbar";
import { authorName } from "./message-rules";
import type { Message } from "./use-chat-messages";

function newKey() {
  return `wa${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

export function WhatsappDialog({
  chatId,
  replyTo = null,
  open,
  onOpenChange,
}: {
  chatId: number;
  /** The client's message being answered ('Responder por WhatsApp'), quoted above the form. */
  replyTo?: Message | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const terms = useTerms();
  const conversation = trpc.messaging.conversation.useQuery({ chat_id: chatId }, { enabled: open });
  const outbox = trpc.messaging.outbox.useQuery({ chat_id: chatId }, { enabled: open });
  const send = trpc.messaging.send.useMutation({
    onSuccess: () => {
      void utils.messaging.outbox.invalidate({ chat_id: chatId });
      setText("");
      setTemplateId(null);
      setValues([]);
    },
    onError: (e) => snackbar.show(e.message, { tone: "error", duration: 3000 }),
  });
  const [text, setText] = useState("");
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const c = conversation.data;
  const template = c?.templates.find((t) => t.id === templateId) ?? null;
  const missing = template ? Array.from({ length: template.placeholders }, (_, i) => !values[i]?.trim()) : [];

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`WhatsApp${c?.client ? ` · ${c.client.name}` : ""}`}
      width={450}
      className="whatsapp-dialog"
    >
      {!c && conversation.isError ? (
        <QueryFailed query={conversation} what="la conversación" inline />
      ) : !c ? (
        <p className="field-hint">Cargando…</p>
      ) : (
        <div className="whatsapp-body">
          <p className="whatsapp-rule" role="status">
            {c.window.state === "none" &&
              `${WHATSAPP_TEXTS.noConversation}: solo se puede enviar una plantilla aprobada.`}
            {c.window.state === "open" &&
              c.window.closes_at &&
              `Puede escribir libremente hasta las ${formatTime(c.window.closes_at)} del ${formatDateTime(c.window.closes_at).split(" ")[0]}.`}
            {c.window.state === "closed" && WHATSAPP_TEXTS.outsideWindow(terms.client)}
          </p>
          {replyTo && (
            <blockquote className="chat-reply-quote">
              <strong>Respondiendo a {authorName(replyTo)}</strong>
              <span>{replyTo.comment}</span>
            </blockquote>
          )}
          {!c.phone && <p className="field-error">{WHATSAPP_TEXTS.noPhone(terms.client)}</p>}
          {c.phone && c.window.state === "open" && (
            <form
              className="whatsapp-free"
              onSubmit={(e) => {
                e.preventDefault();
                if (text.trim())
                  send.mutate({
                    kind: "text",
                    chat_id: chatId,
                    client_key: newKey(),
                    text: text.trim(),
                    reply_to: replyTo?.id,
                  });
              }}
            >
              <TextField
                label="Mensaje libre"
                value={text}
                onChange={(e) => setText(e.target.value)}
                maxLength={4000}
              />
              <Button
                type="submit"
                loading={send.isPending}
                disabledReason={text.trim() ? null : "Escribe el mensaje."}
              >
                Enviar por WhatsApp
              </Button>
            </form>
          )}
          {c.phone && (
            <fieldset className="field-group whatsapp-templates">
              <legend>Plantillas aprobadas</legend>
              {c.templates.length === 0 && <p className="field-hint">La empresa no tiene plantillas aprobadas.</p>}
              {c.templates.map((t) => (
                <label key={t.id} className="whatsapp-template">
                  <input
                    type="radio"
                    name="whatsapp-template"
                    checked={templateId === t.id}
                    onChange={() => {
                      setTemplateId(t.id);
                      setValues(Array.from({ length: t.placeholders }, () => ""));
                      setTouched(false);
                    }}
                  />
                  <span>
                    <strong>{t.name}</strong>
                    <small>{t.text}</small>
                  </span>
                </label>
              ))}
              {template && (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    setTouched(true);
                    if (missing.some(Boolean)) return;
                    send.mutate({
                      kind: "template",
                      chat_id: chatId,
                      client_key: newKey(),
                      template_id: template.id,
                      variables: values.map((v) => v.trim()),
                    });
                  }}
                >
                  {values.map((v, i) => (
                    <TextField
                      key={i}
                      label={`Variable {{${i + 1}}}`}
                      value={v}
                      error={touched && missing[i] ? WHATSAPP_TEXTS.example : undefined}
                      onChange={(e) => setValues(values.map((old, j) => (j === i ? e.target.value : old)))}
                    />
                  ))}
                  <Button type="submit" loading={send.isPending}>
                    Enviar plantilla
                  </Button>
                </form>
              )}
            </fieldset>
          )}
          {(outbox.data?.length ?? 0) > 0 && (
            <section aria-label="Mensajes de WhatsApp enviados" className="whatsapp-outbox">
              <h3>Enviados</h3>
              <ul>
                {outbox.data?.map((m) => (
                  <li key={m.id}>
                    <span>{m.body}</span>
                    <small className="field-hint">
                      {formatDateTime(m.created_at)} · {MESSAGE_STATUS_LABELS[m.status]}
                      {m.error ? ` · ${m.error}` : ""}
                    </small>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </Dialog>
  );
}
