import type { RouterOutputs } from "@taller/api";
import { useCallback } from "react";
import { trpc } from "../../lib/trpc";

export type Profile = RouterOutputs["auth"]["me"];

/**
 * Puts what the server answered about the user into the `auth.me` cache, so the shell (avatar, name, theme) shows it
 * at once without asking again.
 */
export function useMergeProfile() {
  const utils = trpc.useUtils();
  return useCallback(
    (changes: Partial<Profile>) => utils.auth.me.setData(undefined, (prev) => (prev ? { ...prev, ...changes } : prev)),
    [utils],
  );
}
