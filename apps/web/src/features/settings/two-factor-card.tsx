import { currentPasswordSchema, otpCodeSchema } from "@taller/core";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { TextField } from "../../ui/text-field";
import { useMergeProfile } from "./profile-cache";

/** The authenticator code and the current password, checked in the browser with the server's rules. */
const credentialsSchema = z.object({ otp: otpCodeSchema, password: currentPasswordSchema });
const EMPTY = { otp: "", password: "" };

/**
 * Two-factor security. Off: 'Habilitar 2FA' shows a QR to scan, then code + password and 'Activar 2FA'. On: code +
 * password and 'Desactivar 2FA'. The server marks a wrong password (401) or code (403) on its field.
 */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const [issued, setIssued] = useState<{ qr: string; secret: string } | null>(null);
  const form = useZodForm(credentialsSchema, EMPTY);
  const enable = trpc.account.enable2fa.useMutation();
  const validate = trpc.account.validate2fa.useMutation();
  const disable = trpc.account.disable2fa.useMutation();
  const mergeProfile = useMergeProfile();

  function reset() {
    setIssued(null);
    form.reset(EMPTY);
  }

  async function start() {
    try {
      setIssued(await enable.mutateAsync());
    } catch (error) {
      console.error("account.enable2fa failed", error);
    }
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      const profile = issued
        ? await validate.mutateAsync({ ...values, otp_secret: issued.secret })
        : await disable.mutateAsync(values);
      mergeProfile(profile);
      reset();
    } catch (error) {
      // Messages of no field (too many attempts) show above the buttons. A QR no longer valid (a newer one was
      // issued elsewhere) means starting over, with its message there too.
      const { otp_secret: expired } = markServerErrors(form, error);
      if (expired) {
        reset();
        form.setError("root.server", { type: "server", message: expired });
      }
    }
  });

  const otp = textField(form, "otp");
  const formError = form.formState.errors.root?.server?.message;

  const showForm = enabled || issued;
  return (
    <Card title="Autenticación de dos factores (2FA)">
      {enabled ? (
        <p className="two-factor-status">
          <ShieldCheck size={20} aria-hidden /> La autenticación de dos factores está activa.
        </p>
      ) : issued ? (
        <div className="two-factor-qr">
          <img src={issued.qr} alt="Código QR para tu aplicación de autenticación" width={200} height={200} />
          <div>
            <p>
              Escanea este código QR con tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator,
              Authy…) e ingresa el código que te muestra.
            </p>
            <p className="two-factor-secret">
              ¿No puedes escanearlo? Ingresa esta clave: <code>{issued.secret}</code>
            </p>
          </div>
        </div>
      ) : (
        <p className="two-factor-status">Protege tu cuenta pidiendo un código de tu teléfono al iniciar sesión.</p>
      )}
      {formError && (
        <p className="settings-form-error" role="alert">
          {formError}
        </p>
      )}
      {showForm ? (
        <form onSubmit={submit} noValidate>
          <TextField
            label="Código de autenticación"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...otp}
            onChange={(e) => {
              e.target.value = e.target.value.replace(/\D/g, "");
              return otp.onChange(e);
            }}
          />
          <TextField
            label="Contraseña actual"
            type="password"
            autoComplete="current-password"
            {...textField(form, "password")}
          />
          <div className="card-actions">
            {issued && (
              <Button variant="text" onClick={reset}>
                Cancelar
              </Button>
            )}
            <Button
              type="submit"
              variant={enabled ? "danger" : "primary"}
              loading={validate.isPending || disable.isPending}
            >
              {enabled ? "Desactivar 2FA" : "Activar 2FA"}
            </Button>
          </div>
        </form>
      ) : (
        <div className="card-actions">
          <Button onClick={start} loading={enable.isPending}>
            Habilitar 2FA
          </Button>
        </div>
      )}
    </Card>
  );
}
