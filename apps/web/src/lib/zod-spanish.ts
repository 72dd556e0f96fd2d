import { configureZodSpanish } from "@taller/core";

let configured = false;

/**
 * Messages a schema does not name come in Spanish, as on the server: the web app calls this before it validates with
 * zod (its forms in lib/forms.ts, a screen's own safeParse). It runs on use, not on import: a module that runs on
 * import stays in every screen that reaches it through a feature's index, and this one would bring zod with it.
 */
export function inSpanish(): void {
  if (configured) return;
  configureZodSpanish();
  configured = true;
}
