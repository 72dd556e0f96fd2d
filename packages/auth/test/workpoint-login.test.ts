/**
 * The kiosk login (seed 000 sections 2.9, 4, 7, 8): a device token plus a work-point code start a kiosk session and
 * set the user online; 401 marks the code invalid; parallel guesses are reserved before any code is checked, per
 * device and per company, so a 4-digit code cannot be walked through. Run on PostgreSQL too (TEST_DATABASE_URL).
 */
import { randomBytes } from "node:crypto";
import { loginFailures, sessions, userDevices, users, workpointTokens } from "@taller/db";
import { DEMO_WORKPOINT_CODE } from "@taller/db/seed";
import { createCallerFactory, sha256, TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authRouter, LOGIN_LIMITS } from "../src";

const auth = createCallerFactory(authRouter);
const app = useSeededApp();

/** A visitor's context on the device with this token, from its own IP (the IP window is another limit). */
function device(
  token: string | null,
  ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) {
  return { ...app.anonymous(), ip, workpointToken: token };
}

async function failure(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

async function newDevice(companyId: number) {
  const token = randomBytes(32).toString("base64url");
  await app
    .db()
    .insert(workpointTokens)
    .values({ companyId, name: "Prueba", tokenHash: sha256(token) });
  return token;
}

describe("auth.workpointLogin", () => {
  it("a right code on a valid device starts a kiosk session and sets the user online", async () => {
    const tomas = app.fx().demo.userIds["tecnico@taller.demo"]!;
    await app.db().update(users).set({ online: false }).where(eq(users.id, tomas));
    const ctx = device(app.fx().demo.workpointToken);
    expect(await auth(ctx).workpointLogin({ code: DEMO_WORKPOINT_CODE })).toEqual({ ok: true });
    const cookie = ctx.cookies.at(-1)!;
    const sessionId = /=([^;]+)/.exec(cookie)![1]!;
    const [session] = await app.db().select().from(sessions).where(eq(sessions.id, sessionId));
    // Bound to the device, so revoking the device ends it (workpoint.devices.revoke).
    const [demoDevice] = await app
      .db()
      .select({ id: workpointTokens.id })
      .from(workpointTokens)
      .where(eq(workpointTokens.tokenHash, sha256(app.fx().demo.workpointToken)));
    expect(session).toMatchObject({ userId: tomas, kind: "kiosk" });
    const [bound] = await app
      .db()
      .select({ device: userDevices.workpointTokenId })
      .from(userDevices)
      .where(eq(userDevices.sessionId, sessionId));
    expect(bound?.device).toBe(demoDevice?.id);
    const [user] = await app.db().select({ online: users.online }).from(users).where(eq(users.id, tomas));
    expect(user!.online).toBe(true);

    // Logout ends that kiosk session.
    const kioskCtx = { ...ctx, session: { id: sessionId, kind: "kiosk" as const } };
    await auth(kioskCtx).workpointLogout();
    expect(await app.db().select().from(sessions).where(eq(sessions.id, sessionId))).toEqual([]);
  });

  it("refuses a wrong code with 401 on the code field, a short code as bad input, and a bad token", async () => {
    const wrong = await failure(auth(device(app.fx().demo.workpointToken)).workpointLogin({ code: "9999" }));
    expect(wrong.code).toBe("UNAUTHORIZED");
    expect(wrong.message).toBe("Código inválido");
    const short = await failure(auth(device(app.fx().demo.workpointToken)).workpointLogin({ code: "123" }));
    expect(short.code).toBe("BAD_REQUEST");
    const token = await failure(auth(device("not-a-device")).workpointLogin({ code: DEMO_WORKPOINT_CODE }));
    expect(token).toMatchObject({
      code: "UNAUTHORIZED",
      message: "Token de punto de trabajo inválido. Contacte Administrador.",
    });
    // The wrong codes above must not weigh on the lockout tests below.
    await app.db().delete(loginFailures).where(like(loginFailures.email, "workpoint-%"));
  });

  it("parallel wrong codes lock the device and the company: the right code is then refused", async () => {
    const companyId = app.fx().demo.companyId;
    const token = await newDevice(companyId);
    const guesses = Array.from({ length: 30 }, (_, i) =>
      auth(device(token)).workpointLogin({ code: String(1000 + i) }),
    );
    const settled = await Promise.allSettled(guesses);
    const codes = settled.map((s) => (s.status === "rejected" && s.reason instanceof TRPCError ? s.reason.code : "ok"));
    // UNAUTHORIZED is a verified wrong code; the rest were refused before any code was checked.
    expect(codes.filter((c) => c === "UNAUTHORIZED").length).toBeLessThanOrEqual(LOGIN_LIMITS.lockoutAfter);
    expect(codes.filter((c) => c === "TOO_MANY_REQUESTS").length).toBeGreaterThanOrEqual(
      30 - LOGIN_LIMITS.lockoutAfter,
    );
    expect(codes).not.toContain("ok");
    // A burst may be refused whole (each attempt sees the others' reservations): then the failures are made one by one.
    const verified = codes.filter((c) => c === "UNAUTHORIZED").length;
    for (let i = verified; i < LOGIN_LIMITS.lockoutAfter; i++) {
      expect((await failure(auth(device(token)).workpointLogin({ code: String(2000 + i) }))).code).toBe("UNAUTHORIZED");
    }

    const locked = await failure(auth(device(token)).workpointLogin({ code: DEMO_WORKPOINT_CODE }));
    expect(locked.code).toBe("TOO_MANY_REQUESTS");
    expect(locked.message).toMatch(/^Demasiados códigos incorrectos\. Intenta nuevamente en \d+ minutos?\.$/);
  });

  it("a técnico who slips his own code between guesses is refused as soon as without it", async () => {
    await app.db().delete(loginFailures).where(like(loginFailures.email, "workpoint-%"));
    const tablet = device(await newDevice(app.fx().demo.companyId), "10.9.251.1");
    // Four wrong codes, his own, four more...: before, each right code wiped the device's, the company's and the
    // address's failures, and 10,000 codes went through at that pace without one refusal.
    const outcomes: string[] = [];
    for (let guess = 0; guess < 60 && !outcomes.includes("TOO_MANY_REQUESTS"); guess++) {
      const code = guess % 5 === 4 ? DEMO_WORKPOINT_CODE : String(3000 + guess);
      const answer = await auth(tablet)
        .workpointLogin({ code })
        .then(
          () => "ok",
          (e: unknown) => (e instanceof TRPCError ? e.code : String(e)),
        );
      outcomes.push(answer);
    }
    expect(outcomes.filter((o) => o === "UNAUTHORIZED")).toHaveLength(LOGIN_LIMITS.lockoutAfter);
    expect(outcomes.at(-1)).toBe("TOO_MANY_REQUESTS");
    // The right codes are not failures: only the wrong ones are counted.
    const kept = await app.db().select().from(loginFailures).where(like(loginFailures.email, "workpoint-company:%"));
    expect(kept).toHaveLength(LOGIN_LIMITS.lockoutAfter);
    await app.db().delete(loginFailures).where(like(loginFailures.email, "workpoint-%"));
  });

  it("wrong codes on one device lock every device of the company, not another company's", async () => {
    const companyId = app.fx().demo.companyId;
    await app.db().delete(loginFailures).where(like(loginFailures.email, "workpoint-%"));
    const guesser = await newDevice(companyId);
    for (let i = 0; i < LOGIN_LIMITS.lockoutAfter; i++) {
      expect((await failure(auth(device(guesser)).workpointLogin({ code: String(5000 + i) }))).code).toBe(
        "UNAUTHORIZED",
      );
    }
    // The company's users are what is being guessed: another device of it is locked too...
    const other = await newDevice(companyId);
    expect((await failure(auth(device(other)).workpointLogin({ code: DEMO_WORKPOINT_CODE }))).code).toBe(
      "TOO_MANY_REQUESTS",
    );
    // ...another company's is not.
    expect(await auth(device(app.fx().other.workpointToken)).workpointLogin({ code: DEMO_WORKPOINT_CODE })).toEqual({
      ok: true,
    });
  });
});
