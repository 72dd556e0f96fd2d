/**
 * Web push in the staff app (seed 001 section 8): registers the service worker, asks for the notification
 * permission with the spec's dialogs, stores this browser's subscription on the server (push.subscribe), and, while
 * the app is open, plays the alert and shows a 10 s snackbar for each push. Mounted once by the shell.
 * When the server delivers no pushes (push.publicKey answers null) it registers the worker and asks nothing.
 */
import { pushPayloadFor } from "@taller/core";
import { useRouter } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { booleanCodec, storedValue, useStoredValue } from "../../lib/storage";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { useSnackbar } from "../../ui/snackbar";
import { playAlertSound } from "./alert-sound";
import type { PushMessage } from "./messages";
import { pushPrompt, pushSnackText, type PushPrompt } from "./prompt";
import { registerServiceWorker, rememberPushUser } from "./register";

/** Seed 001 section 9: push snackbars last 10 s. */
const PUSH_SNACKBAR_MS = 10_000;

const showDisabledWarningStore = storedValue("showDisabledNotificationWarning", booleanCodec(true));

/** This browser's subscription for the server's key (an existing one is reused), as push.subscribe takes it. */
async function browserSubscription(registration: ServiceWorkerRegistration, publicKey: string) {
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error("push subscription without endpoint or keys");
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

export function PushNotifications() {
  const meId = trpc.auth.me.useQuery().data?.id ?? null;
  const publicKey = trpc.push.publicKey.useQuery(undefined, { staleTime: Infinity }).data?.publicKey ?? null;
  const subscribe = trpc.push.subscribe.useMutation();
  const unsubscribe = trpc.push.unsubscribe.useMutation();
  const [showDisabledWarning, setShowDisabledWarning] = useStoredValue(showDisabledWarningStore);
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const [dialog, setDialog] = useState<PushPrompt>(null);
  const snackbar = useSnackbar();
  const router = useRouter();

  useEffect(() => {
    void registerServiceWorker().then(setRegistration);
  }, []);

  useEffect(() => {
    if (meId !== null) rememberPushUser(meId).catch((error: unknown) => console.error(error));
  }, [meId]);

  const subscribeBrowser = (reg: ServiceWorkerRegistration, key: string) =>
    browserSubscription(reg, key)
      .then((subscription) => subscribe.mutateAsync(subscription))
      // Push registration errors are only logged (seed 001 section 8).
      .catch((error: unknown) => console.error(error));

  // Once per page (per worker and key, not per mutation state): what the permission says, with the worker
  // registered and the server's key known.
  useEffect(() => {
    if (!registration || !publicKey || !("Notification" in window)) return;
    const prompt = pushPrompt(Notification.permission, showDisabledWarningStore.get());
    if (prompt === "subscribe") void subscribeBrowser(registration, publicKey);
    else setDialog(prompt);
    // The server drops whatever this device had subscribed while the permission was still given.
    if (Notification.permission === "denied") unsubscribe.mutateAsync().catch((error: unknown) => console.error(error));
  }, [registration, publicKey]);

  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const message = event.data as PushMessage | null;
      if (message?.type === "push") {
        const payload = pushPayloadFor(message.payload, meId);
        if (!payload) return;
        playAlertSound();
        snackbar.show(pushSnackText(payload.title, payload.body), { duration: PUSH_SNACKBAR_MS, closeLabel: "Cerrar" });
      } else if (message?.type === "open" && /^\/(?![/\\])/.test(message.url)) {
        router.history.push(message.url);
      }
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [meId, snackbar, router]);

  /** From '¡Advertencia!' a refusal then shows the denied dialog; from that dialog ('Entendido') it just closes. */
  const askPermission = async (from: "ask" | "denied") => {
    const permission = await Notification.requestPermission();
    setDialog(null);
    if (permission === "granted" && registration && publicKey) await subscribeBrowser(registration, publicKey);
    else if (permission === "denied" && from === "ask" && showDisabledWarning) setDialog("denied");
  };

  return (
    <>
      <Dialog
        open={dialog === "ask"}
        onOpenChange={(open) => !open && setDialog(null)}
        title="¡Advertencia!"
        description="Para recibir avisos de menciones y trabajos nuevos, las notificaciones deben estar activadas en el navegador. Actívalas y recarga la página."
        actions={<Button onClick={() => void askPermission("ask")}>Activar notificaciones</Button>}
      />
      <Dialog
        open={dialog === "denied"}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Notificaciones desactivadas"
        description="Las notificaciones están desactivadas en este navegador: no recibirás avisos de menciones ni de trabajos nuevos. Puedes activarlas en los permisos del sitio."
        actions={
          <>
            <Button
              variant="text"
              onClick={() => {
                setShowDisabledWarning(false);
                setDialog(null);
              }}
            >
              No volver a mostrar. Entiendo los riesgos.
            </Button>
            <Button onClick={() => void askPermission("denied")}>Entendido</Button>
          </>
        }
      />
    </>
  );
}
