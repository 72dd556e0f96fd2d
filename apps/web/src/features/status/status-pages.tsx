/** Pages that only say something (seed 000 section 2.1): forbidden, not found, iframe rejected, and Próximamente. */
import { Link } from "@tanstack/react-router";
import { Construction, Frame, Lock, SearchX } from "lucide-react";
import type { ReactNode } from "react";

function StatusPage({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <main className="status-page">
      <span className="status-page-icon" aria-hidden>
        {icon}
      </span>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

const home = (
  <Link to="/" className="btn btn-secondary">
    Ir al inicio
  </Link>
);

export function ForbiddenPage() {
  return (
    <StatusPage icon={<Lock size={48} />} title="No tienes acceso a esta información.">
      {home}
    </StatusPage>
  );
}

export function NotFoundPage() {
  return (
    <StatusPage icon={<SearchX size={48} />} title="Página no encontrada.">
      {home}
    </StatusPage>
  );
}

export function IframeRejectedPage() {
  return (
    <StatusPage icon={<Frame size={48} />} title="No se puede mostrar el contenido de esta página en un iframe." />
  );
}

/** A screen whose issue has not landed yet. */
export function ComingSoonPage() {
  return (
    <StatusPage icon={<Construction size={48} />} title="Próximamente">
      <p>Esta sección todavía no está disponible.</p>
    </StatusPage>
  );
}
