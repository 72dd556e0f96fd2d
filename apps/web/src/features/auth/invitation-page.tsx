/**
 * /invitation?token=…: the invited user chooses their password (the link an administrator handed over, used once),
 * then logs in with their e-mail. A used, expired or unknown link says so and names nobody.
 */
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { acceptInvitationSchema } from "@taller/core";
import { CarFront } from "lucide-react";
import { errorCode } from "../../lib/api";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { QueryFailed } from "../../lib/load-state";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import "../../ui/login.css";

export function InvitationPage() {
  return (
    <ApiProvider>
      <Invitation />
    </ApiProvider>
  );
}

function Invitation() {
  const { token = "" } = useSearch({ from: "/invitation" });
  const check = trpc.admin.invitation.check.useQuery({ token }, { enabled: token.length > 0, retry: false });
  return (
    <main className="login">
      <div className="login-card">
        <div className="login-brand">
          <span className="login-logo" aria-hidden>
            <CarFront size={24} />
          </span>
          Taller
        </div>
        {check.isError && errorCode(check.error) !== "BAD_REQUEST" && errorCode(check.error) !== "NOT_FOUND" ? (
          <QueryFailed query={check} what="la invitación" inline />
        ) : token.length === 0 || check.isError ? (
          <Stale message="Enlace de invitación inválido" />
        ) : check.isPending ? (
          <Spinner label="Cargando…" />
        ) : check.data.state !== "valid" ? (
          <Stale message={check.data.message ?? "Enlace de invitación inválido"} />
        ) : (
          <PasswordForm token={token} name={check.data.name ?? ""} email={check.data.email ?? ""} />
        )}
      </div>
    </main>
  );
}

function Stale({ message }: { message: string }) {
  return (
    <>
      <p role="alert">{message}</p>
      <Link to="/login">Ir a iniciar sesión</Link>
    </>
  );
}

function PasswordForm({ token, name, email }: { token: string; name: string; email: string }) {
  const navigate = useNavigate();
  const form = useZodForm(acceptInvitationSchema, { token, password: "", password_confirmation: "" });
  const accept = trpc.admin.invitation.accept.useMutation();
  const submit = form.handleSubmit(async (values) => {
    try {
      await accept.mutateAsync(values);
      await navigate({ to: "/login" });
    } catch (error) {
      markServerErrors(form, error);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <h1>Hola, {name}</h1>
      <p>
        Elige tu contraseña. Luego ingresa con tu correo <strong>{email}</strong>.
      </p>
      <TextField
        label="Nueva contraseña"
        type="password"
        autoComplete="new-password"
        {...textField(form, "password")}
      />
      <TextField
        label="Repetir contraseña"
        type="password"
        autoComplete="new-password"
        {...textField(form, "password_confirmation")}
      />
      {form.formState.errors.root?.server && (
        <p className="login-error" role="alert">
          {form.formState.errors.root.server.message}
        </p>
      )}
      <Button type="submit" loading={accept.isPending} className="login-submit">
        Guardar contraseña
      </Button>
    </form>
  );
}
