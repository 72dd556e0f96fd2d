/**
 * Snackbars: short messages at the bottom of the screen that close by themselves (Radix Toast: announced to screen
 * readers, paused on hover and focus, swipe or Escape to dismiss). The app root renders <SnackbarProvider>.
 *
 *   const snackbar = useSnackbar();
 *   snackbar.show("¡Cambios guardados!", { duration: 1000 });
 *   snackbar.show("Error al subir la imagen", { tone: "error" });   // duration defaults to 4000 ms
 *   snackbar.show("Error al cargar las órdenes", { tone: "error", duration: 3000, closeLabel: "Cerrar" });
 *
 * An action's outcome, the same on every screen (`useOutcome`): its success text, or the error's own message (the
 * server writes its messages for users):
 *
 *   const outcome = useOutcome();
 *   trpc.budgets.removeLine.useMutation({ onSuccess: () => outcome.done("Línea eliminada"), onError: outcome.failed });
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { lazyComponent } from "../lib/lazy-component";

export interface Snack {
  id: number;
  message: string;
  /** Milliseconds on screen. */
  duration: number;
  tone: "info" | "success" | "error";
  /** A button with this text closes the snackbar early. */
  closeLabel?: string;
}

interface SnackbarApi {
  show(message: string, options?: Partial<Pick<Snack, "duration" | "tone" | "closeLabel">>): void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);
// The toast machinery loads with the first message, not with every page (the login shows none).
// Without its code (offline, a deploy replaced the chunk) the messages still show, in the same box: the provider sits
// above every error page, so a failure here would otherwise blank the whole app.
const Snackbars = lazyComponent(() => import("./snackbars").then((m) => m.default), {
  onFailure: (props) => <PlainSnackbars {...props} />,
});

/** The snackbars without Radix: each message for its time, or until its button is pressed. */
function PlainSnackbars({ snacks, onClosed }: { snacks: Snack[]; onClosed(id: number): void }) {
  useEffect(() => {
    const timers = snacks.map((s) => setTimeout(() => onClosed(s.id), s.duration));
    return () => timers.forEach(clearTimeout);
  }, [snacks, onClosed]);
  return (
    <div className="snackbar-viewport">
      {snacks.map((s) => (
        <div key={s.id} className={`snackbar snackbar-${s.tone}`} role="status">
          {s.message}
          {s.closeLabel && (
            <button type="button" className="snackbar-action" onClick={() => onClosed(s.id)}>
              {s.closeLabel}
            </button>
          )}
        </div>
      ))}
    </div>
  );
}

let nextId = 1;

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [snacks, setSnacks] = useState<Snack[]>([]);
  const show = useCallback<SnackbarApi["show"]>((message, options = {}) => {
    // One at a time, as a snackbar should: the newest replaces what is showing.
    setSnacks([
      {
        id: nextId++,
        message,
        duration: options.duration ?? 4000,
        tone: options.tone ?? "info",
        closeLabel: options.closeLabel,
      },
    ]);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  const remove = useCallback((id: number) => setSnacks((list) => list.filter((s) => s.id !== id)), []);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {snacks.length > 0 && <Snackbars snacks={snacks} onClosed={remove} />}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error("useSnackbar must be used inside <SnackbarProvider>");
  return api;
}

/** What an action that did not work says when its error carries no message for users. */
export const ACTION_FAILED = "No se pudo completar la acción. Inténtalo nuevamente.";

export function useOutcome() {
  const snackbar = useSnackbar();
  return useMemo(
    () => ({
      done: (message: string) => snackbar.show(message, { tone: "success", duration: 2000 }),
      failed: (error: unknown) =>
        snackbar.show(error instanceof Error && error.message ? error.message : ACTION_FAILED, { tone: "error" }),
    }),
    [snackbar],
  );
}
