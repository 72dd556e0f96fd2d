/**
 * What the app does about notifications when it starts (seed 001 section 8), from the browser's permission and the
 * stored `showDisabledNotificationWarning`:
 * - "subscribe": permission granted, subscribe this browser quietly;
 * - "ask": not chosen yet, the '¡Advertencia!' dialog offers 'Activar notificaciones';
 * - "denied": refused, the dialog says notifications are off ('Entendido' / 'No volver a mostrar...');
 * - null: refused and the user asked not to be told again.
 */
export type PushPrompt = "subscribe" | "ask" | "denied" | null;

export function pushPrompt(permission: NotificationPermission, showDisabledWarning: boolean): PushPrompt {
  if (permission === "granted") return "subscribe";
  if (permission === "default") return "ask";
  return showDisabledWarning ? "denied" : null;
}

/** The snackbar's text for a push received while the app is open. */
export function pushSnackText(title: string, body: string): string {
  return body ? `${title}: ${body}` : title;
}
