import { currentPasswordSchema, otpCodeSchema } from "@taller/core";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { issueMessages, serverFieldMessages } from "../../lib/form-errors";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { TextField } from "../../ui/text-field";
import { useMergeProfile } from "./profile-cache";

/** The authenticator code and the current password, checked in the browser with the server's rules. */
function checkCredentials(values: { otp: string; password: string }): Record<string, string> {
  return issueMessages([
    ...(otpCodeSchema.safeParse(values.otp).error?.issues.map((i) => ({ ...i, path: ["otp"] })) ?? []),
    ...(currentPasswordSchema.safeParse(values.password).error?.issues.map((i) => ({ ...i, path: ["password"] })) ?? []),
  ]);
}

/**
 * Two-factor security. Off: 'Habilitar 2FA' shows a QR to scan, then code + password and 'Activar 2FA'. On: code +
 * password and 'Desactivar 2FA'. The server marks a wrong password (401) or code (403) on its field.
 */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const [issued, setIssued] = useState<{ qr: string; secret: string } | null>(null);
  const [values, setValues] = useState({ otp: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const enable = trpc.account.enable2fa.useMutation();
  const validate = trpc.account.validate2fa.useMutation();
  const disable = trpc.account.disable2fa.useMutation();
  const mergeProfile = useMergeProfile();

  function reset() {
    setIssued(null);
    setValues({ otp: "", password: "" });
    setErrors({});
  }

  async function start() {
    try {
      setIssued(await enable.mutateAsync());
    } catch (error) {
      console.error("account.enable2fa failed", error);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = checkCredentials(values);
    if (Object.keys(problems).length > 0) return setErrors(problems);
    try {
      const profile = issued
        ? await validate.mutateAsync({ ...values, otp_secret: issued.secret })
        : await disable.mutateAsync(values);
      mergeProfile(profile);
      reset();
    } catch (error) {
      const marked = serverFieldMessages(error);
      // A QR no longer valid (a newer one was issued elsewhere) means starting over; messages of no field (too many
      // attempts) show above the buttons.
      if (marked.otp_secret) reset();
      const form = marked.otp_secret ?? (Object.keys(marked).length === 0 && error instanceof Error ? error.message : undefined);
      setErrors({ ...marked, ...(form ? { form } : {}) });
    }
  }

  const field = (name: "otp" | "password") => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: name === "otp" ? e.target.value.replace(/\D/g, "") : e.target.value }));
      setErrors(({ [name]: _, form: __, ...rest }) => rest);
    },
  });

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
            <p>Escanea este código QR con tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, Authy…) e ingresa el código que te muestra.</p>
            <p className="two-factor-secret">
              ¿No puedes escanearlo? Ingresa esta clave: <code>{issued.secret}</code>
            </p>
          </div>
        </div>
      ) : (
        <p className="two-factor-status">Protege tu cuenta pidiendo un código de tu teléfono al iniciar sesión.</p>
      )}
      {errors.form && (
        <p className="settings-form-error" role="alert">
          {errors.form}
        </p>
      )}
      {showForm ? (
        <form onSubmit={submit} noValidate>
          <TextField label="Código de autenticación" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...field("otp")} />
          <TextField label="Contraseña actual" type="password" autoComplete="current-password" {...field("password")} />
          <div className="card-actions">
            {issued && (
              <Button variant="text" onClick={reset}>
                Cancelar
              </Button>
            )}
            <Button type="submit" variant={enabled ? "danger" : "primary"} loading={validate.isPending || disable.isPending}>
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
