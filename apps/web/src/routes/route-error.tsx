import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { CloudOff } from "lucide-react";
import { forgetFailedLoads } from "../lib/lazy-component";
import { Button } from "../ui/button";

/** What a route shows when loading it failed (server unreachable, unexpected answer): say so and offer a retry. */
function errorPage(title: string) {
  return function ErrorPage({ reset }: ErrorComponentProps) {
    const router = useRouter();
    return (
      <div className="status-page" role="alert">
        <CloudOff size={48} aria-hidden className="status-page-icon" />
        <h1>{title}</h1>
        <p>Revisa tu conexión e inténtalo nuevamente.</p>
        <Button
          onClick={() => {
            // A part whose code did not arrive (a dialog's, a select's) loads again, not the same failure.
            forgetFailedLoads();
            reset();
            void router.invalidate();
          }}
        >
          Reintentar
        </Button>
      </div>
    );
  };
}

export const RouteError = errorPage("No se pudo cargar esta página.");
/** The shell's error state (seed 000 section 2.2): the user or company setup could not be loaded. */
export const ShellError = errorPage("No se pudo cargar la configuración de la empresa.");
