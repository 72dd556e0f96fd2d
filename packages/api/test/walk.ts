import { getTRPCErrorFromUnknown, getTRPCErrorShape, type AnyProcedure } from "@trpc/server";
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

/** An error as a client receives it: the router's error formatter applied, as the HTTP and WebSocket adapters do. */
export interface WireError {
  message: string;
  code: number;
  data: { code: string; httpStatus: number; path?: string; fieldErrors?: unknown } & Record<string, unknown>;
}

export function wireError(
  error: unknown,
  path: string,
  type: "query" | "mutation" | "subscription",
  input: unknown,
): WireError {
  return getTRPCErrorShape({
    config: appRouter._def._config,
    error: getTRPCErrorFromUnknown(error),
    type,
    path,
    input,
    ctx: undefined,
  });
}
