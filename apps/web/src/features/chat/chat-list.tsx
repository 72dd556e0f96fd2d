/**
 * The chat list (seed 002 section 2.2): 'Buscar chats...', the Order / Budget / Crm tabs with their badges, the
 * archived toggle with its mention badge, and the chats of the tab, virtualized and paged by the server in the order
 * of section 4.1. A chat opens in the panel; the local cache shows the last known list while the server answers.
 */
import { CHAT_TABS, CHAT_TEXTS, chatDocumentPath, type ChatListItem, type ChatTab } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { Archive, Bot, Calculator, ClipboardList, Search, Settings, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { useSettled } from "../../lib/use-settled";
import { IconButton } from "../../ui/icon-button";
import { UserCard } from "../../ui/user-card";
import { VirtualList } from "../../ui/virtual-list";
import { showAssistant } from "./assistant-store";
import { showChat } from "./chat-store";
import { ChatRow } from "./chat-row";
import { emptyListText, tabLabels } from "./list-rules";
import { useChatCache } from "./use-chat-cache";
import { useTerms } from "../../lib/company-setup";

const TAB_ICONS: Record<ChatTab, typeof ClipboardList> = { Order: ClipboardList, Budget: Calculator, Crm: Users };
const SEARCH_DEBOUNCE_MS = 300;

/** A row opens with its own data as the header: the list holds everything the header shows. */
function openRow(chat: ChatListItem) {
  // Every listed tab (Order, Budget, Crm) is a document's chat.
  if (chat.document_id === null || chat.document_type === "Assistant") return;
  const ref = { document_type: chat.document_type, document_id: chat.document_id };
  const { own_works: _works, last_comment: _last, activity_at: _activity, ...rest } = chat;
  showChat(ref, {
    ...rest,
    ...ref,
    view: { type: ref.document_type, id: ref.document_id, path: chatDocumentPath(ref.document_type, ref.document_id) },
    last_read_comment_id: null,
  });
}

export function ChatList() {
  const [tab, setTab] = useState<ChatTab>("Order");
  const terms = useTerms();
  const labels = tabLabels(terms);
  const [archived, setArchived] = useState(false);
  const [text, setText] = useState("");
  const search = useSettled(text.trim(), SEARCH_DEBOUNCE_MS);

  const badges = trpc.chat.badges.useQuery().data;
  const assistant = trpc.chat.assistant.status.useQuery().data;
  const me = trpc.auth.me.useQuery().data;
  const list = trpc.chat.list.useInfiniteQuery(
    { tab, archived, search: search || undefined },
    { getNextPageParam: (page) => page.next_cursor ?? undefined },
  );
  const fromServer = list.data?.pages.flatMap((p) => p.items);
  const cache = useChatCache();
  const [cached, setCached] = useState<ChatListItem[] | null>(null);

  // The cached list of the tab shows until the server's first page arrives, then the server's is kept for next time.
  useEffect(() => {
    if (!cache || search) return;
    let live = true;
    void cache
      .chats()
      .then((all) => live && setCached(all.filter((c) => c.document_type === tab && (archived || c.listed))));
    return () => {
      live = false;
    };
  }, [cache, tab, archived, search]);
  useEffect(() => {
    if (cache && fromServer) void cache.putChats(fromServer);
  }, [cache, fromServer]);

  const items = fromServer ?? (search ? [] : (cached ?? []));
  const loading = list.isLoading && !items.length;

  return (
    <div className="chat-list">
      <div className="chat-search">
        <Search size={18} aria-hidden />
        <input
          type="search"
          aria-label="Buscar chats"
          placeholder={CHAT_TEXTS.search}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="chat-tabs" role="tablist" aria-label="Tipo de documento">
        {CHAT_TABS.map((t) => {
          const Icon = TAB_ICONS[t];
          const badge = badges?.tabs.find((b) => b.tab === t);
          return (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              className="chat-tab"
              onClick={() => setTab(t)}
            >
              <Icon size={18} aria-hidden />
              <span>{labels[t]}</span>
              {badge && badge.mention > 0 && (
                <span className="chat-badge" aria-label={`${badge.mention} menciones`}>
                  {badge.mention}
                </span>
              )}
              {badge?.unread && <span className="chat-dot" role="img" aria-label="Sin leer" />}
            </button>
          );
        })}
      </div>
      <button
        type="button"
        className="chat-archived-toggle"
        aria-pressed={archived}
        onClick={() => setArchived(!archived)}
      >
        <Archive size={16} aria-hidden />
        {archived ? "Ocultar finalizados" : "Mostrar finalizados"}
        {badges && badges.archived_mention > 0 && (
          <span className="chat-badge" aria-label={`${badges.archived_mention} menciones en finalizados`}>
            {badges.archived_mention}
          </span>
        )}
      </button>
      <div className="chat-list-body" role="tabpanel" aria-label={labels[tab]}>
        <VirtualList
          label={`Chats de ${labels[tab]}`}
          items={items}
          getKey={(c) => c.id}
          estimateSize={76}
          renderItem={(c) => <ChatRow chat={c} onOpen={() => openRow(c)} />}
          hasMore={Boolean(list.hasNextPage) && !list.isError}
          loading={loading || list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          loadingText={emptyListText({ loading: true, tab, filtered: false }, terms)}
          emptyText={emptyListText({ loading: false, tab, filtered: archived || Boolean(search) }, terms)}
          failed={list.isError && <QueryFailed query={list} what="los chats" inline />}
        />
      </div>
      <footer className="chat-list-footer">
        {me && <UserCard user={me} />}
        <IconButton
          label={
            assistant && !assistant.configured
              ? `${CHAT_TEXTS.assistantTitle}: ${CHAT_TEXTS.assistantNotConfigured}`
              : CHAT_TEXTS.assistantTitle
          }
          onClick={() => showAssistant()}
        >
          <Bot size={20} />
        </IconButton>
        <Link to="/main/settings" className="icon-btn" aria-label="Configuración" title="Configuración">
          <Settings size={20} aria-hidden />
        </Link>
      </footer>
    </div>
  );
}
