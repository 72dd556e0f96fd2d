/**
 * A list's search text kept in the URL (`?search=`, validated by `listSearch` in routes/search.ts): Back to the list
 * and a reload show the same search, and a link can name one. Each keystroke replaces the history entry, so Back
 * leaves the list instead of undoing letters.
 *
 *   const [search, setSearch] = useSearchText();
 */
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useCallback } from "react";

export function useSearchText(): [string, (text: string) => void] {
  const { search } = useSearch({ strict: false });
  const navigate = useNavigate();
  const set = useCallback(
    (text: string) =>
      void navigate({ to: ".", search: (prev) => ({ ...prev, search: text || undefined }), replace: true }),
    [navigate],
  );
  return [search ?? "", set];
}
