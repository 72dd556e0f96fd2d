import { useCallback, useMemo } from "react";
import { trpc } from "../../lib/trpc";

/**
 * Names for mentions stored as (user:ID): the users the @ popup knows (the company's users with a role, one cached
 * query shared by every row and bubble). Clients are not listed there yet: their mentions read '@' alone.
 */
export function useMentionName(): (kind: "user" | "client", id: number) => string | undefined {
  const people = trpc.chat.mentionables.useQuery({}, { staleTime: 5 * 60_000 }).data;
  const names = useMemo(() => new Map(people?.map((u) => [u.id, u.name])), [people]);
  return useCallback((kind, id) => (kind === "user" ? names.get(id) : undefined), [names]);
}
