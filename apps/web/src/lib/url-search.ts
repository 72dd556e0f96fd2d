/**
 * State a user moves through kept in the URL (validated by the route's schema in routes/search.ts), so Back and a
 * reload show the same screen:
 *
 *   const [search, setSearch] = useSearchText();            // ?search=: a list's search text
 *   const [paymentId, openPayment, closePayment] = useDialogParam("payment");   // ?payment=<id>: an open dialog
 *   const setParams = useSetParams();  setParams({ range: "today" });           // a filter or sort
 *
 * Filters, sorts and each keystroke replace the history entry, so Back leaves the screen instead of undoing them;
 * opening a dialog pushes one, so Back closes it.
 */
import { useNavigate, useRouter, useSearch } from "@tanstack/react-router";
import { useCallback } from "react";

/** Every query parameter of the URL shown, as the router parsed them (each optional: any page may be shown). */
const useParams = () => useSearch({ strict: false });
type Params = ReturnType<typeof useParams>;

/**
 * Writes the named query parameters of the page shown (undefined drops one) and keeps the others. A write made while
 * the router takes the user to another page (a search box's pause ending while the next page's code loads) is
 * dropped: it belongs to the page being left, and would land on the next one.
 */
export function useSetParams() {
  const navigate = useNavigate();
  const router = useRouter();
  return useCallback(
    (params: Partial<Params>, { push = false } = {}) => {
      const shown = router.state.resolvedLocation;
      if (shown && router.latestLocation.pathname !== shown.pathname) return;
      void navigate({ to: ".", search: (prev: Params) => ({ ...prev, ...params }), replace: !push });
    },
    [navigate, router],
  );
}

export function useSearchText(): [string, (text: string) => void] {
  const { search } = useParams();
  const setParams = useSetParams();
  const set = useCallback((text: string) => setParams({ search: text || undefined }), [setParams]);
  return [search ?? "", set];
}

/** The query parameters that name the record a dialog shows. */
type DialogParam = "order" | "payment" | "management" | "client" | "chat_order";

/**
 * A dialog whose record lives in the URL (`?<param>=<id>`): opening it is a history entry (Back closes it, a reload
 * reopens it); closing it from the dialog replaces that entry.
 */
export function useDialogParam(param: DialogParam): [number | undefined, (id: number) => void, () => void] {
  const id = useParams()[param];
  const setParams = useSetParams();
  const open = useCallback((next: number) => setParams({ [param]: next }, { push: true }), [param, setParams]);
  const close = useCallback(() => setParams({ [param]: undefined }), [param, setParams]);
  return [id, open, close];
}
