import { formatDateTime } from "@taller/core";
import { Monitor, Smartphone, Tablet } from "lucide-react";
import { useState } from "react";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { logout } from "../../routes/router";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Spinner } from "../../ui/spinner";
import { useOutcome } from "../../ui/snackbar";

const UNKNOWN = "Desconocido";

/** Spec: a device of unknown type is shown as Desktop. */
const deviceTypeLabel = (type: string) => (type === "Unknown" ? "Desktop" : type);

const ICONS: Record<string, typeof Monitor> = { Mobile: Smartphone, Tablet };

/**
 * The user's devices (one per open session), loaded on 'Ver Dispositivos'. Ending one closes that session and its
 * live connections at once; ending this one is a logout.
 */
export function DevicesCard() {
  const [shown, setShown] = useState(false);
  const utils = trpc.useUtils();
  const devices = trpc.account.devices.useQuery(undefined, { enabled: shown, refetchOnMount: "always" });
  const destroy = trpc.account.destroyDevice.useMutation();
  const outcome = useOutcome();

  async function end(id: number, current: boolean) {
    try {
      const list = await destroy.mutateAsync({ id });
      if (current) return await logout();
      utils.account.devices.setData(undefined, list);
      outcome.done("Sesión cerrada en el dispositivo");
    } catch (error) {
      outcome.failed(error);
      console.error("account.destroyDevice failed", error);
    }
  }

  return (
    <Card title="Dispositivos">
      {!shown ? (
        <Button variant="secondary" onClick={() => setShown(true)}>
          Ver Dispositivos
        </Button>
      ) : devices.isError ? (
        <QueryFailed query={devices} what="los dispositivos" inline />
      ) : devices.isPending ? (
        <Spinner label="Cargando dispositivos" />
      ) : (
        <ul className="devices">
          {(devices.data ?? []).map((d) => {
            const Icon = ICONS[d.device_type] ?? Monitor;
            return (
              <li key={d.id} className="device">
                <Icon size={28} aria-hidden className="device-icon" />
                <div className="device-info">
                  <strong>
                    {deviceTypeLabel(d.device_type)}
                    {d.current && <span className="device-current"> · Este dispositivo</span>}
                  </strong>
                  <span>
                    {d.os ?? UNKNOWN} · {d.browser ?? UNKNOWN}
                  </span>
                  <span className="device-dates">Último inicio de sesión: {formatDateTime(d.updated_at)}</span>
                  <span className="device-dates">Registrado: {formatDateTime(d.created_at)}</span>
                </div>
                <Button
                  variant="text"
                  onClick={() => end(d.id, d.current)}
                  loading={destroy.isPending && destroy.variables?.id === d.id}
                >
                  Cerrar sesión en este dispositivo
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
