/** Starting and completing a work from the staff screens: the answer is written into the caches that show it. */
import { errorCode } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { useSnackbar } from "../../ui/snackbar";

export function useWorkMoves() {
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const settle = {
    onSuccess: async () => {
      await Promise.all([
        utils.workpoint.ownWorks.invalidate(),
        utils.workpoint.list.invalidate(),
        utils.workpoint.get.invalidate(),
      ]);
    },
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
