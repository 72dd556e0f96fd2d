// The fuzz walk: every procedure of the app router, fed garbage, wrong values, injected strings, crafted cursors and
// the attacks its package lists, answers as a client would see it (the router's error formatter applied). A bad input
// is a 4xx, and no answer shows SQL, a database error, a stack, a file path, the session id or an injected value;
// error messages speak Spanish.
import type { TestContext } from "@taller/trpc/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "../src";
import { procedureCases } from "./procedure-cases";
import { useSeededApp } from "./setup";
import { allProcedures, callPath, wireError, type WireError } from "./walk";

const app = useSeededApp();
/** Procedures walked so far: each gets its own client address (probeAddress below). */
let probedProcedures = 0;

/** Inputs that no procedure accepts as a whole. */
const GARBAGE: unknown[] = [null, 0, -1, "x", true, [], [1, 2], "'; drop table orders; --"];

/** Wrong values for one field of a valid input: wrong types, out-of-range numbers, oversized strings. */
const WRONG_VALUES: unknown[] = [
  null,
  "",
  "x".repeat(10_000),
  -1,
  1e308,
  Number.NaN,
  2 ** 31,
  {},
  [],
  true,
  "1; select 1",
];

/** Put into every field: must never come back inside an error (a NUL byte and quotes reach SQL as parameters). */
const SENTINEL = "zq-sentinel-4471";
const SENTINELS = [SENTINEL, `${SENTINEL}' or 1=1 --`, `${SENTINEL}\u0000`, `${SENTINEL}%_\\`];

function mutations(valid: unknown): unknown[] {
  if (!valid || typeof valid !== "object" || Array.isArray(valid)) return [];
  const out: unknown[] = [];
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...without } = valid as Record<string, unknown>;
    out.push(without);
    for (const wrong of [...WRONG_VALUES, ...SENTINELS]) out.push({ ...valid, [key]: wrong });
    const value = (valid as Record<string, unknown>)[key];
    if (Array.isArray(value)) out.push({ ...valid, [key]: [...value, "x", null, -1] }, { ...valid, [key]: [SENTINEL] });
  }
  out.push({ ...valid, unexpected: { nested: ["deep"] } });
  return out;
}

const base64url = (text: string) => Buffer.from(text).toString("base64url");

/** Cursors that no list hands out: whatever the format, each must be refused. */
const GARBAGE_CURSORS = [
  "!!!",
  "a.b.c",
  "x".repeat(1000),
  base64url("null"),
  base64url("[]"),
  base64url("{"),
  base64url('{"after":[1]}'),
];

/** The real cursor with its contents tampered with (a signed cursor refuses them all; a checked one, the bad ones). */
function tamperedCursors(real: string | null): string[] {
  const attacks: string[] = [];
  if (!real) return attacks;
  // Whatever the format, the part before a "." (if any) is read as JSON; a signature after it is kept (and broken).
  const [payload = "", ...rest] = real.split(".");
  const middle = Math.floor(real.length / 2);
  attacks.push(real.slice(0, middle) + (real[middle] === "A" ? "B" : "A") + real.slice(middle + 1));
  let decoded: Record<string, unknown> | null = null;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  } catch {
    return attacks;
  }
  const reencode = (value: unknown) => [base64url(JSON.stringify(value)), ...rest].join(".");
  const keys = Array.isArray(decoded?.after) ? (decoded.after as unknown[]) : [];
  for (let i = 0; i < keys.length; i++) {
    for (const wrong of [`${SENTINEL}' or 1=1 --`, "not-a-date", 1e308, -1, 2 ** 63, "9".repeat(40), null, {}]) {
      attacks.push(reencode({ ...decoded, after: keys.map((k, j) => (j === i ? wrong : k)) }));
    }
  }
  for (const [field, wrong] of [
    ["page", -1],
    ["page", 1e308],
    ["total", -5],
    ["total", "x"],
    ["filter", SENTINEL],
  ] as const) {
    attacks.push(reencode({ ...decoded, [field]: wrong }));
  }
  return attacks;
}

/** What must never reach a client, in an error or in data. */
const LEAKS: [string, RegExp][] = [
  ["SQL", /\b(?:select|insert|update|delete)\b.+\b(?:from|into|set|where)\b/i],
  [
    "a database error",
    /syntax error|violates|\brelation\b|invalid input syntax|out of range for|Failed query|params:/i,
  ],
  ["a stack", /^[ \t]+at |\.ts:\d|\.js:\d/m],
  ["a file path", /\/(work|home|src|node_modules)\//],
];

/** zod's English (its default locale) or its JSON dump of issues, instead of Spanish for people. */
const NOT_SPANISH = /\b(invalid|expected|required|received|too (big|small)|unrecognized|must)\b|^\s*[[{]|"code"\s*:/i;

function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (value && typeof value === "object") for (const v of Object.values(value)) yield* strings(v);
}

type Answer = { ok: true; data: unknown } | { ok: false; error: WireError };

/**
 * Calls a query or mutation, or reads a subscription's first event: events are published to the caller's company
 * until the stream yields or fails, so a stream that works ends the wait as surely as one that breaks.
 */
async function answer(
  path: string,
  type: "query" | "mutation" | "subscription",
  input: unknown,
  ctx: TestContext,
): Promise<Answer> {
  const controller = new AbortController();
  const caller = createCaller(ctx, { signal: controller.signal });
  const failed = (e: unknown): Answer => ({ ok: false, error: wireError(e, path, type, input) });
  try {
    const result = await callPath(caller, path, input);
    if (type !== "subscription") return { ok: true, data: result };
    const iterator = (result as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    let settled = false;
    const first = iterator.next().then((r): Answer => ({ ok: true, data: r.value }), failed);
    void first.then(() => (settled = true));
    for (let i = 0; !settled && i < 100; i++) {
      // Any event the subscriber may see wakes it: one of the caller's company, or a platform one without a user.
      const companyId = ctx.user?.companyId;
      await app
        .bus()
        .publish(
          companyId
            ? { companyId, type: "user.updated", payload: { id: i + 1 } }
            : { companyId: null, type: "version.ready", payload: { version: `fuzz-${i}` } },
        );
      await new Promise((resolve) => setImmediate(resolve));
    }
    controller.abort();
    const got = await first;
    await iterator.return?.();
    return got;
  } catch (e) {
    return failed(e);
  }
}

/** Strings of the input that were not in the valid one (long enough to be told apart from ordinary words). */
function injected(input: unknown, valid: unknown): string[] {
  const known = new Set(strings(valid));
  return [...new Set(strings(input))].filter((s) => s.length >= 8 && !known.has(s));
}

/** One fuzzed call and what it must not show. */
interface Probe {
  what: string;
  input: unknown;
  got: Answer;
  /** Strings that must not come back in an error: injected values and the caller's session id. */
  forbidden: string[];
  /** The input is malformed as a whole, or carries a cursor no list handed out: a refusal must be BAD_REQUEST. */
  mustRefuse: boolean;
}

const errors = (probes: Probe[]) => probes.flatMap((p) => (p.got.ok ? [] : [{ ...p, error: p.got.error }]));

describe("bad input: every procedure answers a clean, Spanish 4xx, never a 500, and leaks nothing", () => {
  for (const { path, type, hasInput } of allProcedures()) {
    describe(path, () => {
      const probes: Probe[] = [];
      const probeAddress = `10.${(++probedProcedures >> 8) & 255}.${probedProcedures & 255}.1`;
      beforeAll(async () => {
        const fx = app.fx();
        const c = procedureCases[path];
        const valid = c?.valid?.(fx);
        const paged = valid && typeof valid === "object" && "cursor" in valid;
        const withCursor = (cursor: string) => ({ ...(valid as object), cursor });
        const garbageCursors = paged ? GARBAGE_CURSORS.map(withCursor) : [];
        const tampered = paged
          ? tamperedCursors(await realCursor(path, valid as Record<string, unknown>)).map(withCursor)
          : [];
        const inputs = [...GARBAGE, ...mutations(valid), ...(c?.attacks?.(fx) ?? []), ...garbageCursors, ...tampered];
        for (const input of inputs) {
          // A fresh session per call: some procedures end the session they run in. Each procedure calls from its
          // own address: the per-IP limit of public procedures would otherwise be spent by the walk's other probes.
          const ctx = {
            ...(c?.kind === "manager"
              ? await app.manager()
              : c?.as === "kiosk"
                ? await app.kiosk("admin@taller.demo", fx.demo.workpointToken)
                : await app.staff("admin@taller.demo")),
            ip: probeAddress,
          };
          probes.push({
            what: `${path}(${JSON.stringify(input)?.slice(0, 100)})`,
            input,
            got: await answer(path, type, input, ctx),
            forbidden: [
              ...injected(input, valid),
              ...(ctx.session ? [ctx.session.id] : []),
              ...(ctx.managerSession ? [ctx.managerSession.id] : []),
            ],
            mustRefuse:
              (hasInput && GARBAGE.includes(input) && input !== null) || garbageCursors.includes(input as never),
          });
        }
        // Tampered cursors may be accepted (an unsigned cursor whose values still make sense), but a refusal is a 400.
        for (const p of probes) if (tampered.includes(p.input as never) && !p.got.ok) p.mustRefuse = true;
      });

      it("answers no 5xx", () => {
        for (const { what, error } of errors(probes))
          expect(error.data.httpStatus, `${what}: ${error.data.code} "${error.message}"`).toBeLessThan(500);
      });

      it("refuses malformed input and unknown cursors with BAD_REQUEST", () => {
        for (const { what, got } of probes.filter((p) => p.mustRefuse))
          expect(got.ok ? "accepted" : got.error.data.code, what).toBe("BAD_REQUEST");
      });

      it("shows no SQL, database error, stack or file path, in errors or data", () => {
        for (const { what, got } of probes) {
          for (const text of strings(got.ok ? got.data : got.error)) {
            for (const [name, pattern] of LEAKS) expect(text, `${what} shows ${name}`).not.toMatch(pattern);
          }
        }
      });

      it("echoes no injected value and no session id in an error", () => {
        for (const { what, error, forbidden } of errors(probes)) {
          const text = JSON.stringify(error);
          for (const value of forbidden)
            expect(text.includes(value), `${what} echoes ${JSON.stringify(value.slice(0, 40))}`).toBe(false);
        }
      });

      it("speaks Spanish: the message and every field message, never zod's English or its JSON", () => {
        for (const { what, error } of errors(probes)) {
          for (const m of [error.message, ...strings(error.data.fieldErrors)]) expect(m, what).not.toMatch(NOT_SPANISH);
        }
      });
    });
  }
});

/** A next_cursor the list really handed out, for the valid input's filters (null if everything fits one page). */
async function realCursor(path: string, valid: Record<string, unknown>): Promise<string | null> {
  const got = await answer(path, "query", { ...valid, cursor: null }, await app.staff("admin@taller.demo"));
  return got.ok ? ((got.data as { next_cursor?: string | null }).next_cursor ?? null) : null;
}
