/**
 * A load that failed: what failed, in Spanish, and 'Reintentar', which asks again. Lists and screens show it instead
 * of their empty text or their spinner (lib/load-state.tsx builds it from a query).
 *
 *   <LoadFailed text="No se pudo cargar la agenda. Revisa tu conexión…" onRetry={() => void query.refetch()} />
 */
import { Button } from "./button";

export interface LoadFailedProps {
  text: string;
  onRetry(): void;
  /** True while the retry is on its way. */
  retrying?: boolean;
  /** A smaller box inside a list's footer or a card. */
  inline?: boolean;
}

export function LoadFailed({ text, onRetry, retrying = false, inline = false }: LoadFailedProps) {
  return (
    <div className={`load-failed${inline ? " load-failed-inline" : ""}`} role="alert">
      <p>{text}</p>
      <Button variant="secondary" loading={retrying} onClick={onRetry}>
        Reintentar
      </Button>
    </div>
  );
}
