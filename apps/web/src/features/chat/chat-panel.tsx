/**
 * The chat panel's content (lazy: it loads when the panel first opens): the list, or the open chat. A chat opens
 * through `chat.open` (created on first use); when that fails the user reads 'Error al redireccinar al chat'
 * (seed 002 section 8) and returns to the list. While the local cache upgrades its schema a full-screen notice asks
 * to wait (seed 000 section 2.2).
 */
import { CHAT_TEXTS } from "@taller/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { PageLoader } from "../../ui/spinner";
import { useSnackbar } from "../../ui/snackbar";
import { AssistantPanel } from "./assistant-panel";
import { useAssistant } from "./assistant-store";
import { ChatDetail } from "./chat-detail";
import { ChatList } from "./chat-list";
import { chatList, useOpenChat } from "./chat-store";
import { useCacheUpgrading } from "./use-chat-cache";
import "./chat.css";

export default function ChatPanelBody() {
  const { current, header: known, asked } = useOpenChat();
  const me = trpc.auth.me.useQuery().data;
  const snackbar = useSnackbar();
  const upgrading = useCacheUpgrading();
  const assistant = useAssistant();
  const opened = useQuery({
    queryKey: ["chat.open", current?.document_type, current?.document_id],
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- enabled only with a current chat
    queryFn: () => api.chat.open.mutate(current!),
    enabled: current !== null && known === null,
    staleTime: 60_000,
    retry: false,
  });
  const header = known ?? opened.data;

  useEffect(() => {
    if (!opened.isError) return;
    // The chat restored from the last session may be gone or closed to this user: the list, without an alarm.
    if (asked) snackbar.show(CHAT_TEXTS.openFailed, { tone: "error", duration: 3000, closeLabel: "Cerrar" });
    chatList();
  }, [opened.isError, asked, snackbar]);

  return (
    <>
      {upgrading && (
        <div className="chat-upgrading" role="alertdialog" aria-modal="true" aria-label="Base de datos local">
          <PageLoader label="Actualizando base de datos local..." />
        </div>
      )}
      {assistant.open && me ? (
        <AssistantPanel me={{ id: me.id, name: me.name, picture: me.picture ?? null }} />
      ) : current === null || !me ? (
        <ChatList />
      ) : header ? (
        <ChatDetail key={header.id} header={header} me={{ id: me.id, name: me.name, picture: me.picture ?? null }} />
      ) : (
        <PageLoader label="Abriendo chat…" />
      )}
    </>
  );
}
