/**
 * The update dialog (seed 000 section 2.3): when the server runs a version other than this bundle's, offer to
 * reload. It cannot be dismissed by clicking outside; 'Actualizar mas tarde.' closes it until another version comes.
 */
import { useState } from "react";
import { APP_VERSION } from "../../env";
import { reportApiError } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import "./update.css";

/** Seed 000 section 9: reload 10 ms after clearing the caches. */
const RELOAD_DELAY_MS = 10;

async function updateApplication() {
  // Drop anything cached by the browser's Cache Storage so the reload fetches the new build.
  if ("caches" in window) {
    const keys = await caches.keys();
    await Promise.all(keys.map((key) => caches.delete(key)));
  }
  setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
}

export function UpdateDialog() {
  const [serverVersion, setServerVersion] = useState<string | null>(null);
  const [postponed, setPostponed] = useState<string | null>(null);
  trpc.company.onVersion.useSubscription(undefined, { onData: setServerVersion, onError: reportApiError });

  const open = serverVersion !== null && serverVersion !== APP_VERSION && postponed !== serverVersion;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && setPostponed(serverVersion)}
      dismissible={false}
      title="Nueva versión disponible"
      description="Hay una nueva versión de la aplicación. Actualiza para usarla."
      actions={
        <>
          <Button variant="text" onClick={() => setPostponed(serverVersion)}>
            Actualizar mas tarde.
          </Button>
          <Button onClick={() => void updateApplication()}>Actualizar aplicación.</Button>
        </>
      }
    >
      <dl className="version-list">
        <dt>Versión del servidor</dt>
        <dd>{serverVersion}</dd>
        <dt>Versión del navegador</dt>
        <dd>{APP_VERSION}</dd>
      </dl>
    </Dialog>
  );
}
