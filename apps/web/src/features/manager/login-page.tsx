/**
 * Operator login (/manager/login, seed 002 section 2.7): 'Usuario' (e-mail), password and one-time password, all
 * required, then 'Ingresar'. Like the staff login it calls the API client directly (no React Query for three inputs).
 */
import { useNavigate, useRouteContext } from "@tanstack/react-router";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { errorCode, fieldErrorsOf } from "../../lib/api";
import { managerToken } from "../../lib/manager-token";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import "../../ui/login.css";

const REQUIRED = "Este campo es obligatorio";

export function ManagerLoginPage() {
  const navigate = useNavigate();
  const { api } = useRouteContext({ from: "__root__" });
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [otp, setOtp] = useState("");
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Error | null>(null);

  const missing = { email: !email.trim(), password: !password, otp: !otp };
  const invalid = missing.email || missing.password || missing.otp;
  const fieldErrors = fieldErrorsOf(error);
  const fieldError = (name: keyof typeof missing) => (touched && missing[name] ? REQUIRED : fieldErrors[name]?.[0]);
  const formError = error && Object.keys(fieldErrors).length === 0 ? error.message : null;
  const networkError = error && errorCode(error) === null ? "No se pudo conectar con el servidor." : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (pending || invalid) return;
    setPending(true);
    setError(null);
    const operator = await api.manager.auth.login.mutate({ email, password, otp }).catch((failure: Error) => {
      setError(failure);
      return null;
    });
    setPending(false);
    if (!operator) return;
    managerToken.set(operator.email);
    await navigate({ to: "/manager/main" });
  }

  return (
    <main className="login">
      <form className="login-card" onSubmit={submit} noValidate aria-label="Ingreso de operadores">
        <div className="login-brand">
          <span className="login-logo" aria-hidden>
            <ShieldCheck size={26} />
          </span>
          <span>Administración</span>
        </div>
        <TextField
          label="Usuario"
          type="email"
          name="email"
          autoComplete="username"
          autoFocus
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError("email")}
        />
        <TextField
          label="Contraseña"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError("password")}
        />
        <TextField
          label="Código de un solo uso"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ""))}
          error={fieldError("otp")}
        />
        {(networkError ?? formError) && (
          <div className="login-error" role="alert">
            {networkError ?? formError}
          </div>
        )}
        <Button type="submit" loading={pending} className="login-submit">
          Ingresar
        </Button>
      </form>
    </main>
  );
}
