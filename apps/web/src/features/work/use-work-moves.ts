/**
 * Starting and completing a work from the staff screens, and keeping the screens that show works current: the
 * answer, and any change elsewhere, refetches the caches that show them.
 */
import { errorCode } from "../../lib/api";
import { useRefreshOn } from "../../lib/company-events";
import { trpc } from "../../lib/trpc";
import { useSnackbar } from "../../ui/snackbar";

function useRefreshWorks() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.workpoint.ownWorks.invalidate(),
      utils.workpoint.list.invalidate(),
      utils.workpoint.get.invalidate(),
    ]);
}

/**
 * Works started or completed on the kiosk or another screen, newly assigned, or whose order moved, was reassigned or
 * cancelled (a card shows the order's status): the rows refetch, not only the counters.
 */
export function useWorksLive() {
  useRefreshOn(["work.changed", "work.assigned", "order.changed"], useRefreshWorks());
}

export function useWorkMoves() {
  const refresh = useRefreshWorks();
  const snackbar = useSnackbar();
  const settle = {
    onSuccess: refresh,
    onError: (error: unknown) =>
      snackbar.show(errorCode(error) === "NOT_FOUND" ? "Trabajo no encontrado" : "No se pudo actualizar el trabajo", {
        tone: "error",
      }),
  };
  const start = trpc.workpoint.start.useMutation(settle);
  const complete = trpc.workpoint.complete.useMutation(settle);
  return {
    start: (id: number) => start.mutate({ id }),
    complete: (id: number) => complete.mutate({ id }),
    pendingId: start.isPending ? start.variables?.id : complete.isPending ? complete.variables?.id : undefined,
  };
}
