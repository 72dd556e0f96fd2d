import { TRPCError } from "@trpc/server";

/**
 * TEMPORARY (phase 1 contract): the procedure's input and output are fixed, its handler is being written. Every
 * call answers this error until then; no procedure that calls it is finished.
 */
export function notBuiltYet(name: string): never {
  throw new TRPCError({ code: "NOT_IMPLEMENTED", message: `Próximamente: ${name}` });
}
