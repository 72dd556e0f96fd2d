/**
 * /admin/workpoints: the company's work-point devices (shared screens that run the kiosk). An administrator
 * registers one and gets its link once (the server keeps only the token's hash), and revokes one, which stops that
 * screen at its next call. The rest of /admin comes with its own issue.
 */
import { Link } from "@tanstack/react-router";
import { formatDateTime } from "@taller/core";
import { Copy, MonitorSmartphone, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { fieldErrorsOf } from "../../lib/api";
import { QueryFailed } from "../../lib/load-state";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Dialog } from "../../ui/dialog";
import { useSnackbar } from "../../ui/snackbar";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import "./workpoint.css";

export function WorkpointDevicesPage() {
  return (
    <ApiProvider>
      <Devices />
    </ApiProvider>
  );
}

function Devices() {
  const devices = trpc.workpoint.devices.list.useQuery();
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const [name, setName] = useState("");
  const [link, setLink] = useState<{ name: string; url: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);
  const register = trpc.workpoint.devices.register.useMutation({
    onSuccess: async (device) => {
      setLink({ name: device.name, url: `${window.location.origin}${device.path}` });
      setName("");
      await utils.workpoint.devices.list.invalidate();
    },
  });
  const revoke = trpc.workpoint.devices.revoke.useMutation({
    onSuccess: async () => {
      setRevoking(null);
      await utils.workpoint.devices.list.invalidate();
    },
    onError: () => snackbar.show("No se pudo revocar el punto de trabajo", { tone: "error" }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!register.isPending) register.mutate({ name });
  }

  async function copy(url: string) {
    const copied = await navigator.clipboard?.writeText(url).then(
      () => true,
      () => false,
    );
    snackbar.show(copied ? "Enlace copiado" : "No se pudo copiar: selecciona el enlace", {
      tone: copied ? "success" : "error",
      duration: 2000,
    });
  }

  const nameError =
    fieldErrorsOf(register.error).name?.[0] ??
    (register.error && !fieldErrorsOf(register.error).name ? register.error.message : undefined);

  return (
    <main className="devices">
      <Link to="/main">Volver</Link>
      <h1>
        <MonitorSmartphone size={22} aria-hidden /> Puntos de trabajo
      </h1>
      <Card title="Registrar pantalla">
        <form className="devices-form" onSubmit={submit} noValidate>
          <TextField
            label="Nombre"
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            error={nameError}
          />
          <Button
            type="submit"
            loading={register.isPending}
            disabledReason={name.trim() ? null : "Escribe el nombre del punto."}
          >
            Registrar
          </Button>
        </form>
        {link && (
          <div role="status">
            <p>Enlace de «{link.name}». Ábrelo en la pantalla del taller; no se volverá a mostrar.</p>
            <a className="devices-link" href={link.url} data-testid="workpoint-link">
              {link.url}
            </a>
            <Button variant="text" icon={<Copy size={16} aria-hidden />} onClick={() => void copy(link.url)}>
              Copiar enlace
            </Button>
          </div>
        )}
      </Card>
      <Card title="Pantallas registradas">
        {devices.isPending ? (
          <Spinner label="Cargando…" />
        ) : devices.isError ? (
          <QueryFailed query={devices} what="los puntos de trabajo" inline />
        ) : devices.data.length === 0 ? (
          <p className="work-empty">No hay pantallas registradas.</p>
        ) : (
          <ul className="stack-list devices-list" aria-label="Pantallas registradas">
            {devices.data.map((d) => (
              <li key={d.id}>
                <span className="devices-name">
                  {d.name}
                  <br />
                  <small>Registrada el {formatDateTime(d.created_at)}</small>
                </span>
                <Button
                  variant="danger"
                  icon={<Trash2 size={16} aria-hidden />}
                  onClick={() => setRevoking({ id: d.id, name: d.name })}
                >
                  Revocar
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Dialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revocar punto de trabajo"
        description={revoking ? `La pantalla «${revoking.name}» dejará de funcionar. ¿Desea continuar?` : undefined}
        actions={
          <>
            <Button variant="text" onClick={() => setRevoking(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              loading={revoke.isPending}
              onClick={() => revoking && revoke.mutate({ id: revoking.id })}
            >
              Revocar
            </Button>
          </>
        }
      />
    </main>
  );
}
