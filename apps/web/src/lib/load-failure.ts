/**
 * What a screen says when its data did not load (a pure rule, tested in test/load-failure.test.ts): "No se pudo
 * cargar la agenda." / "No se pudieron cargar las órdenes.", then the server's message, which is always written for
 * users (the server's error formatter hides internal detail behind a reference code), or, when no answer came from
 * the server, a word about the connection.
 */
export const CONNECTION_HINT = "Revisa tu conexión a internet e intenta nuevamente.";

/** `what` with its article: "la agenda", "las órdenes", "los vehículos", "el presupuesto". */
export function loadFailureText(what: string, failure: { code: string | null; message: string }): string {
  const plural = /^(?:los|las) /.test(what);
  const base = `${plural ? "No se pudieron cargar" : "No se pudo cargar"} ${what}.`;
  if (failure.code === null) return `${base} ${CONNECTION_HINT}`;
  const message = failure.message.trim();
  return message ? `${base} ${message}` : base;
}
