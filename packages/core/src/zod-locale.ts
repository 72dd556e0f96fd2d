import { z } from "zod";
import { es } from "zod/locales";

/**
 * Every schema reports in Spanish unless it names its own message: users never see zod's English defaults. zod's
 * configuration is global to its module instance; call this once per program (the server's tRPC setup, the web's
 * forms). It is a function, not a bare import, because core is marked free of side effects and bundlers (esbuild for
 * the server, Rollup for the web) drop a module nothing is imported from.
 */
export function configureZodSpanish(): void {
  z.config(es());
}
