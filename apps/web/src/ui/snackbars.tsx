import { Toast } from "radix-ui";
import type { Snack } from "./snackbar";

/** The visible snackbars (see snackbar.tsx). */
export default function Snackbars({ snacks, onClosed }: { snacks: Snack[]; onClosed(id: number): void }) {
  return (
    <Toast.Provider swipeDirection="down" label="Notificación">
      {snacks.map((s) => (
        <Toast.Root
          key={s.id}
          className={`snackbar snackbar-${s.tone}`}
          duration={s.duration}
          onOpenChange={(open) => !open && onClosed(s.id)}
        >
          <Toast.Description>{s.message}</Toast.Description>
          {s.closeLabel && <Toast.Close className="snackbar-action">{s.closeLabel}</Toast.Close>}
        </Toast.Root>
      ))}
      <Toast.Viewport className="snackbar-viewport" />
    </Toast.Provider>
  );
}
