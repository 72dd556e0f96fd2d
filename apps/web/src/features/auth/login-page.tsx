/**
 * Staff login (/login): e-mail and password, then the authenticator code when the account has 2FA. Messages come
 * from the server (wrong credentials, too many attempts, per-field validation).
 */
import { useNavigate } from "@tanstack/react-router";
import { CarFront, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { errorCode, fieldErrorsOf, resetSessionState, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import "./login.css";

export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [otp, setOtp] = useState("");
  const [step, setStep] = useState<"credentials" | "otp">("credentials");
  const login = trpc.auth.login.useMutation();

  const fieldErrors = fieldErrorsOf(login.error);
  // A message that belongs to no field (wrong credentials, lockout) is shown above the button.
  const formError = login.error && Object.keys(fieldErrors).length === 0 ? login.error.message : null;
  const networkError = login.error && errorCode(login.error) === null ? "No se pudo conectar con el servidor." : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const result = await login
      .mutateAsync({ email, password, otp: step === "otp" ? otp : undefined })
      .catch(() => null);
    if (!result) return;
    if (result.status === "otp_required") {
      login.reset();
      setStep("otp");
      return;
    }
    await resetSessionState();
    await navigate({ to: "/main" });
  }

  function back() {
    login.reset();
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
        <Button type="submit" loading={login.isPending} className="login-submit">
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
