/**
 * Staff login (/login): e-mail and password, then the authenticator code when the account has 2FA. Messages come
 * from the server (wrong credentials, too many attempts, per-field validation). The first page most visitors load,
 * so it calls the API client directly: neither React Query's bindings nor a forms library for three inputs.
 */
import { useNavigate, useRouteContext } from "@tanstack/react-router";
import { CarFront, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { errorCode, fieldErrorsOf, resetSessionState } from "../../lib/api";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import "../../ui/login.css";

export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [otp, setOtp] = useState("");
  const [step, setStep] = useState<"credentials" | "otp">("credentials");
  const { api } = useRouteContext({ from: "__root__" });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Error | null>(null);

  const fieldErrors = fieldErrorsOf(error);
  // A message that belongs to no field (wrong credentials, lockout) is shown above the button.
  const formError = error && Object.keys(fieldErrors).length === 0 ? error.message : null;
  const networkError = error && errorCode(error) === null ? "No se pudo conectar con el servidor." : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    const result = await api.auth.login
      .mutate({ email, password, otp: step === "otp" ? otp : undefined })
      .catch((failure: Error) => {
        setError(failure);
        return null;
      });
    setPending(false);
    if (!result) return;
    if (result.status === "otp_required") {
      setStep("otp");
      return;
    }
    await resetSessionState();
    await navigate({ to: "/main" });
  }

  function back() {
    setError(null);
    setOtp("");
    setStep("credentials");
  }

  return (
    <main className="login">
      <form className="login-card" onSubmit={submit} noValidate>
        <div className="login-brand">
          <span className="login-logo" aria-hidden>
            <CarFront size={26} />
          </span>
          <span>Taller</span>
        </div>
        {step === "credentials" ? (
          <>
            <h1>Iniciar sesión</h1>
            <TextField
              label="Correo"
              type="email"
              name="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={fieldErrors.email?.[0]}
            />
            <TextField
              label="Contraseña"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={fieldErrors.password?.[0]}
            />
          </>
        ) : (
          <>
            <h1>
              <ShieldCheck size={22} aria-hidden /> Verificación en dos pasos
            </h1>
            <p className="login-help">Ingresa el código de 6 dígitos de tu aplicación de autenticación.</p>
            <TextField
              label="Código de autenticación"
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              maxLength={6}
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, ""))}
              error={fieldErrors.otp?.[0]}
            />
          </>
        )}
        {(networkError ?? formError) && (
          <div className="login-error" role="alert">
            {networkError ?? formError}
          </div>
        )}
        <Button type="submit" loading={pending} className="login-submit">
          {step === "credentials" ? "Ingresar" : "Verificar"}
        </Button>
        {step === "otp" && (
          <Button variant="text" onClick={back}>
            Volver
          </Button>
        )}
      </form>
    </main>
  );
}
