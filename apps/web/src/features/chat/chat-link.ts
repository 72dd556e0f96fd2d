/**
 * `?chat=<id>` on any staff page (a mention's push notification links to /main?chat=<id>): the shell opens that chat
 * in the panel, then drops the parameter, so Back and reload do not open it again.
 */
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect } from "react";
import { reportApiError } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { showChat } from "./chat-store";

export function useChatLink() {
  const { chat } = useSearch({ from: "/main" });
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  useEffect(() => {
    if (chat === undefined) return;
    void navigate({ to: ".", search: (prev) => ({ ...prev, chat: undefined }), replace: true });
    utils.chat.get.fetch({ chat_id: chat }).then((header) => {
      // Every chat a push names is a document's; the assistant's threads have no link.
      if (header.document_id === null || header.document_type === "Assistant") return;
      showChat({ document_type: header.document_type, document_id: header.document_id }, header);
    }, reportApiError);
  }, [chat, navigate, utils]);
}
