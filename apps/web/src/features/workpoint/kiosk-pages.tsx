/**
 * The work-point kiosk (seed 000 section 2.9) on a shared screen registered by an administrator:
 * - /workpoint/login: 'Codigo Ingreso' and 'Entrar'; a wrong code (401) marks the field. A staff member already
 *   logged in on this browser sees 'No tienes acceso a esta característica' with 'Cerrar sesión'.
 * - /workpoint/unauthorized: the device's token is missing or revoked.
 * - /workpoint/main/works: the user's open works, each with its order's status (live), start and complete; the
 *   inactivity logout closes every dialog and logs out; when the session disappears (logout elsewhere, device
 *   revoked) the screen goes back to the login.
 * The guards (routes/router.tsx) store the link's token and check it before these render.
 */
import { useNavigate, useRouteContext } from "@tanstack/react-router";
import { CarFront, LogOut } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { errorCode, fieldErrorsOf, reportApiError, resetSessionState } from "../../lib/api";
import { QueryFailed } from "../../lib/load-state";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { WorkCard, type WorkView } from "../work";
import { useIdleLogout } from "./use-idle-logout";
import "./workpoint.css";

export const INVALID_TOKEN_TEXT = "Token de punto de trabajo inválido. Contacte Administrador.";

function Brand() {
  return (
    <div className="kiosk-brand">
      <span className="kiosk-logo" aria-hidden>
        <CarFront size={26} />
      </span>
      <span>Taller</span>
    </div>
  );
}

export function KioskUnauthorizedPage() {
  return (
    <main className="kiosk-login">
      <div className="kiosk-card">
        <Brand />
        <p role="alert">{INVALID_TOKEN_TEXT}</p>
      </div>
    </main>
  );
}

export function KioskLoginPage() {
  const { api } = useRouteContext({ from: "__root__" });
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  // A staff session on this browser: the kiosk is not for it (seed 000 section 2.9).
  const [staffPresent, setStaffPresent] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    // auth.signedIn, not auth.me: no session is the normal answer here, and a 401 is a console error.
    api.auth.signedIn.query().then(
      (signedIn) => live && setStaffPresent(signedIn),
      () => live && setStaffPresent(false),
    );
    return () => {
      live = false;
    };
  }, [api]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    const ok = await api.auth.workpointLogin.mutate({ code }).then(
      () => true,
      (failure: Error) => {
        setError(failure);
        return false;
      },
    );
    setPending(false);
    if (!ok) return;
    await resetSessionState();
    await navigate({ to: "/workpoint/main/works" });
  }

  async function logoutStaff() {
    await api.auth.logout.mutate().catch(() => undefined);
    await resetSessionState();
    setStaffPresent(false);
  }

  const fields = fieldErrorsOf(error);
  const codeError = fields.code?.[0] ?? (errorCode(error) === "UNAUTHORIZED" ? "Código inválido" : undefined);
  const formError =
    error && !codeError && !fields.code
      ? errorCode(error) === null
        ? "No se pudo conectar con el servidor."
        : error.message
      : null;

  if (staffPresent === null) return <Spinner label="Cargando…" />;
  return (
    <main className="kiosk-login">
      {staffPresent ? (
        <div className="kiosk-card">
          <Brand />
          <p role="alert">No tienes acceso a esta característica</p>
          <Button onClick={() => void logoutStaff()}>Cerrar sesión</Button>
        </div>
      ) : (
        <form className="kiosk-card" onSubmit={submit} noValidate>
          <Brand />
          <TextField
            label="Codigo Ingreso"
            type="password"
            name="code"
            inputMode="numeric"
            autoComplete="off"
            autoFocus
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={codeError}
          />
          {formError && (
            <div className="kiosk-error" role="alert">
              {formError}
            </div>
          )}
          <Button
            type="submit"
            loading={pending}
            className="kiosk-submit"
            disabledReason={code ? null : "Ingresa tu código."}
          >
            Entrar
          </Button>
        </form>
      )}
    </main>
  );
}

export function KioskWorksPage() {
  return (
    <ApiProvider>
      <KioskWorks />
    </ApiProvider>
  );
}

/**
 * How often the kiosk asks again besides its live feed: a vanished session is noticed, and works catch up if the
 * socket is down.
 */
const REFRESH_MS = 10_000;

function KioskWorks() {
  const { api } = useRouteContext({ from: "__root__" });
  const navigate = useNavigate();
  const check = trpc.workpoint.kiosk.check.useQuery(undefined, { staleTime: Infinity });
  const me = trpc.workpoint.kiosk.me.useQuery(undefined, { refetchInterval: REFRESH_MS });
  const works = trpc.workpoint.kiosk.works.useQuery(undefined, { refetchInterval: REFRESH_MS });
  const utils = trpc.useUtils();
  // Live: a work assigned, moved or completed elsewhere, or its order moved, reassigned or cancelled.
  trpc.workpoint.kiosk.onChange.useSubscription(undefined, {
    onData: () => void utils.workpoint.kiosk.works.invalidate(),
    onError: reportApiError,
  });
  const [confirming, setConfirming] = useState<WorkView | null>(null);
  const refresh = { onSettled: () => utils.workpoint.kiosk.works.invalidate() };
  const start = trpc.workpoint.kiosk.start.useMutation(refresh);
  const complete = trpc.workpoint.kiosk.complete.useMutation({ ...refresh, onSuccess: () => setConfirming(null) });

  async function logout() {
    setConfirming(null);
    await api.auth.workpointLogout.mutate().catch(() => undefined);
    await navigate({ to: "/workpoint/login" });
    await resetSessionState();
  }

  // The user disappeared (logged out elsewhere, the device revoked): back to the kiosk login.
  const lost = [me.error, works.error, start.error, complete.error].some((e) => errorCode(e) === "UNAUTHORIZED");
  useEffect(() => {
    if (lost) void navigate({ to: "/workpoint/login" }).then(resetSessionState);
  }, [lost, navigate]);

  useIdleLogout(check.data?.ok ? check.data.workpoint_logout_time : 0, () => void logout());

  const terms = check.data?.ok ? check.data.terms : undefined;
  if (!me.data || !works.data || !terms) {
    if (check.data?.ok === false) return <p role="alert">{INVALID_TOKEN_TEXT}</p>;
    if (check.isError) return <QueryFailed query={check} what="el punto de trabajo" />;
    if (me.isError && !lost) return <QueryFailed query={me} what="tu sesión" />;
    if (works.isError && !lost) return <QueryFailed query={works} what="tus trabajos" />;
    return <Spinner label="Cargando trabajos…" />;
  }
  return (
    <main className="kiosk">
      <header className="kiosk-header">
        <h1 className="kiosk-title">Hola, {me.data.name}</h1>
        <Button variant="secondary" icon={<LogOut size={16} aria-hidden />} onClick={() => void logout()}>
          Cerrar sesión
        </Button>
      </header>
      {works.data.length === 0 ? (
        <p className="work-empty">No tienes trabajos pendientes.</p>
      ) : (
        <ul className="stack-list work-list" aria-label="Mis trabajos">
          {works.data.map((work) => (
            <li key={work.id}>
              <WorkCard
                work={work}
                terms={terms}
                showUser={false}
                pending={
                  (start.isPending && start.variables.id === work.id) ||
                  (complete.isPending && complete.variables.id === work.id)
                }
                onStart={() => start.mutate({ id: work.id })}
                onComplete={() => setConfirming(work)}
              />
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Terminar trabajo"
        description={confirming ? `¿Terminar ${confirming.work.name}?` : undefined}
        actions={
          <>
            <Button variant="text" onClick={() => setConfirming(null)}>
              Cancelar
            </Button>
            <Button loading={complete.isPending} onClick={() => confirming && complete.mutate({ id: confirming.id })}>
              Terminar
            </Button>
          </>
        }
      />
    </main>
  );
}
