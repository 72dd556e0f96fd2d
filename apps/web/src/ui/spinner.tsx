/**
 * Loading indicators.
 *
 *   <Spinner />                         // inline, 24 px, decorative
 *   <Spinner size={16} label="Cargando" /> // announced to screen readers
 *   <PageLoader label="Cargando…" />    // centred in the available space (route and shell loading)
 */
export function Spinner({ size = 24, label }: { size?: number; label?: string }) {
  return (
    <span
      className="spinner"
      style={{ width: size, height: size }}
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

export function PageLoader({ label = "Cargando…" }: { label?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <Spinner size={36} />
      <span>{label}</span>
    </div>
  );
}
