import type { AnyProcedure } from "@trpc/server";
import { appRouter } from "../src";

/** Every procedure of the app router, with its type, as the cross-cutting tests walk them. */
export function allProcedures(): { path: string; type: "query" | "mutation" | "subscription"; hasInput: boolean }[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  return Object.entries(procedures).map(([path, proc]) => ({
    path,
    type: proc._def.type,
    hasInput: (proc._def as { inputs: unknown[] }).inputs.length > 0,
  }));
}

/** Calls `path` on a caller (created with createCaller) the way client code would. */
export function callPath(caller: unknown, path: string, input: unknown): Promise<unknown> {
  const fn = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return (fn as (input: unknown) => Promise<unknown>)(input);
}
