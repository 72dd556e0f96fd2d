import { currentPasswordSchema, otpCodeSchema } from "@taller/core";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { Card } from "../../ui/card";
import { FormFooter } from "../../ui/form-footer";
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
      markServerErrors(form, error);
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

  // Before the QR there is nothing to type: the same footer asks for one (and keeps a lapsed QR's message).
  const startSubmit = (e: FormEvent) => {
    e.preventDefault();
    void start();
  };

  const otp = textField(form, "otp");

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
      <form onSubmit={showForm ? submit : startSubmit} noValidate>
        {showForm && (
          <>
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
          </>
        )}
        <FormFooter
          error={form.formState.errors.root?.server?.message}
          saving={enable.isPending || validate.isPending || disable.isPending}
          onCancel={issued ? reset : undefined}
          submitLabel={enabled ? "Desactivar 2FA" : issued ? "Activar 2FA" : "Habilitar 2FA"}
          variant={enabled ? "danger" : "primary"}
          className="card-actions"
        />
      </form>
    </Card>
  );
}
