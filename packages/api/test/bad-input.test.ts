import { TRPCError } from "@taller/trpc";
import { describe, expect, it } from "vitest";
import { procedureCases } from "./procedure-cases";
import { useSeededApp } from "./setup";
import { allProcedures, callPath } from "./walk";

const app = useSeededApp();

/** Inputs that no procedure accepts as a whole. */
const GARBAGE: unknown[] = [null, 0, -1, "x", true, [], [1, 2], "'; drop table orders; --"];

/** Wrong values for one field of a valid input: wrong types, out-of-range numbers, oversized strings. */
const WRONG_VALUES: unknown[] = [null, "", "x".repeat(10_000), -1, 1e308, Number.NaN, 2 ** 31, {}, [], true, "1; select 1"];

function mutations(valid: unknown): unknown[] {
  if (!valid || typeof valid !== "object" || Array.isArray(valid)) return [];
  const out: unknown[] = [];
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...without } = valid as Record<string, unknown>;
    out.push(without);
    for (const wrong of WRONG_VALUES) out.push({ ...valid, [key]: wrong });
    const value = (valid as Record<string, unknown>)[key];
    if (Array.isArray(value)) out.push({ ...valid, [key]: [...value, "x", null, -1] });
  }
  out.push({ ...valid, unexpected: { nested: ["deep"] } });
  return out;
}

describe("bad input: every procedure answers BAD_REQUEST (or a clean refusal), never a 500", () => {
  for (const { path, type, hasInput } of allProcedures()) {
    if (type === "subscription") continue;
    const c = procedureCases[path];
    it(path, async () => {
      const valid = c?.valid?.(app.fx());
      const inputs = [...GARBAGE, ...mutations(valid)];
      for (const input of inputs) {
        // A fresh session per call: some procedures end the session they run in.
        const caller = await app.callerFor("admin@taller.demo");
        const error = await callPath(caller, path, input).then(
          () => null,
          (e: unknown) => e,
        );
        if (error === null) continue;
        expect(error, `${path}(${JSON.stringify(input)?.slice(0, 80)})`).toBeInstanceOf(TRPCError);
        const code = (error as TRPCError).code;
        expect(code, `${path}(${JSON.stringify(input)?.slice(0, 80)}): ${(error as Error).message}`).not.toBe(
          "INTERNAL_SERVER_ERROR",
        );
        // Garbage where an object is expected is a validation failure, reported as such.
        if (hasInput && GARBAGE.includes(input) && input !== null) expect(code, `${path}(${JSON.stringify(input)})`).toBe("BAD_REQUEST");
      }
    });
  }
});
