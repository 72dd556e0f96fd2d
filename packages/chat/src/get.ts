import { chatIdInput, type ChatHeader } from "@taller/core";
import { staffProcedure } from "@taller/trpc";
import { chatForUser } from "./access";
import { readHeader } from "./header";

/** A chat's header by its id (a list row, the last chat reopened after a reload), for a caller who may use it. */
export const get = staffProcedure.input(chatIdInput).query(async ({ ctx, input }): Promise<ChatHeader> => {
  const chat = await chatForUser(ctx.db, ctx, input.chat_id);
  return readHeader(ctx.db, ctx.companyId, ctx.user.id, chat.id);
});
