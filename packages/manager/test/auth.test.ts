// Operator login and session: mandatory TOTP whose codes are single-use, the throttle under concurrency, the
// HttpOnly cookie holding a token whose hash is all the table keeps, and re-authentication that clears a dead cookie.
import { companies, loginFailures, managerSessions, managerUsers } from "@taller/db";
import { createCallerFactory, LOGIN_LIMITS, sha256, TRPCError } from "@taller/trpc";
import { DEMO_OPERATOR, DEMO_PASSWORD } from "@taller/db/seed";
import { useSeededApp } from "@taller/trpc/testing";
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { authenticateManager, managerRouter } from "../src";
import { operatorAttemptKey } from "../src/auth";
import { createOperator } from "../src/operators";

const createCaller = createCallerFactory(managerRouter);
const app = useSeededApp();
const EMAIL = "ops@plataforma.cl";
const PASSWORD = "operadora-segura-1";
let secret = "";

beforeAll(async () => {
  const { uri } = await createOperator(app.db(), { email: EMAIL, name: "Operadora", password: PASSWORD });
  secret = new URL(uri).searchParams.get("secret") ?? "";
});

/** A visitor from its own IP, so one test's failures do not throttle another's. */
const visitor = (ip: string) => ({ ...app.anonymous(), ip });
const code = (epoch = Date.now() / 1000) => generate({ secret, epoch: Math.floor(epoch) });

/** The cookie a successful login set, as the browser would send it back. */
function cookieOf(setCookies: string[]): string {
  const last = setCookies.at(-1) ?? "";
  return last.split(";")[0] ?? "";
}

async function outcomes(calls: Promise<unknown>[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = { ok: 0, UNAUTHORIZED: 0, TOO_MANY_REQUESTS: 0 };
  for (const s of await Promise.allSettled(calls)) {
    const key = s.status === "fulfilled" ? "ok" : s.reason instanceof TRPCError ? s.reason.code : String(s.reason);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe("operator login", () => {
  it("logs in with e-mail, password and a current code; the cookie is HttpOnly and the table keeps only its hash", async () => {
    const ctx = visitor("10.9.0.1");
    const otp = await code();
    expect(await createCaller(ctx).auth.login({ email: EMAIL.toUpperCase(), password: PASSWORD, otp })).toEqual({
      name: "Operadora",
      email: EMAIL,
    });
    const setCookie = ctx.cookies.at(-1) ?? "";
    expect(setCookie).toMatch(/^taller_manager=[\w-]{43}; /);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    const token = cookieOf(ctx.cookies).split("=")[1] ?? "";
    const rows = await app.db().select().from(managerSessions);
    expect(rows.map((r) => r.id)).toContain(sha256(token));
    expect(rows.map((r) => r.id)).not.toContain(token);

    const session = await authenticateManager(app.db(), `other=1; ${cookieOf(ctx.cookies)}`);
    expect(session).not.toBeNull();
    const me = await createCaller({ ...app.anonymous(), managerSession: session }).auth.me();
    expect(me).toEqual({ name: "Operadora", email: EMAIL });

    // The code just used is refused, even with the right password (a replayed code).
    const replay = visitor("10.9.0.2");
    await expect(createCaller(replay).auth.login({ email: EMAIL, password: PASSWORD, otp })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Código de autenticación inválido",
    });
    expect(replay.cookies).toEqual([]);

    // Logout ends the session: the same cookie opens nothing and is cleared.
    await createCaller({ ...app.anonymous(), managerSession: session }).auth.logout();
    expect(await authenticateManager(app.db(), cookieOf(ctx.cookies))).toBeNull();
  });

  it("refuses a wrong password, a wrong code and a missing code, and sets no cookie", async () => {
    const ctx = visitor("10.9.0.3");
    await expect(
      createCaller(ctx).auth.login({ email: EMAIL, password: "incorrecta", otp: await code() }),
    ).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Correo o contraseña incorrectos",
    });
    await expect(
      createCaller(ctx).auth.login({ email: EMAIL, password: PASSWORD, otp: "000000" }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(createCaller(ctx).auth.login({ email: EMAIL, password: PASSWORD } as never)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      createCaller(ctx).auth.login({ email: "nadie@plataforma.cl", password: PASSWORD, otp: await code() }),
    ).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Correo o contraseña incorrectos",
    });
    expect(ctx.cookies).toEqual([]);
  });

  it("lets only one of two racing logins with the same code in", async () => {
    // A code of the next time step: later than any step the other tests used.
    const otp = await code(Date.now() / 1000 + 30);
    const [a, b] = [visitor("10.9.0.4"), visitor("10.9.0.5")];
    const counts = await outcomes(
      [a, b].map((ctx) => createCaller(ctx).auth.login({ email: EMAIL, password: PASSWORD, otp })),
    );
    expect(counts).toMatchObject({ ok: 1, UNAUTHORIZED: 1 });
  });

  it("locks the operator account after repeated failures, even for concurrent guesses", async () => {
    const [operator] = await app.db().select().from(managerUsers).where(eq(managerUsers.email, EMAIL));
    expect(operator).toBeDefined();
    // A fresh streak: the racing logins above leave one failure or none, depending on which of the two finished first.
    await app
      .db()
      .delete(loginFailures)
      .where(eq(loginFailures.email, operatorAttemptKey(EMAIL)));
    const guesses = Array.from({ length: 30 }, (_, i) =>
      createCaller(visitor(`10.9.1.${i}`)).auth.login({ email: EMAIL, password: `mal-${i}`, otp: "123456" }),
    );
    const counts = await outcomes(guesses);
    expect(counts.UNAUTHORIZED).toBeLessThanOrEqual(LOGIN_LIMITS.lockoutAfter);
    expect(counts.UNAUTHORIZED! + counts.TOO_MANY_REQUESTS!).toBe(30);
    for (let i = counts.UNAUTHORIZED!; i < LOGIN_LIMITS.lockoutAfter; i++) {
      await expect(
        createCaller(visitor("10.9.2.1")).auth.login({ email: EMAIL, password: "mal", otp: "123456" }),
      ).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
    }
    // Now even the right password and code wait.
    await expect(
      createCaller(visitor("10.9.2.2")).auth.login({ email: EMAIL, password: PASSWORD, otp: await code() }),
    ).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });

  it("the demo operator logs in with the demo password and its published secret", async () => {
    const otp = await generate({ secret: DEMO_OPERATOR.totpSecret });
    const ctx = visitor("10.9.3.1");
    expect(
      await createCaller(ctx).auth.login({ email: DEMO_OPERATOR.email, password: DEMO_PASSWORD, otp }),
    ).toMatchObject({ email: DEMO_OPERATOR.email });
  });

  it("re-authentication without a live session answers null and clears the cookie", async () => {
    const ctx = { ...app.anonymous(), managerSession: await authenticateManager(app.db(), "taller_manager=inventado") };
    expect(await createCaller(ctx).auth.me()).toBeNull();
    expect(ctx.cookies.at(-1)).toMatch(/^taller_manager=; .*Max-Age=0/);
  });

  it("refuses operator procedures without an operator session, staff sessions included", async () => {
    await expect(createCaller(app.anonymous()).companies.list()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(createCaller(await app.staff("admin@taller.demo")).companies.list()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("companies", () => {
  it("creates (domain unique, lower case), lists and deletes a company", async () => {
    const ops = createCaller(await app.manager());
    const created = await ops.companies.create({ name: "Taller Norte", domain: "Norte.Taller.cl" });
    expect(created).toMatchObject({ name: "Taller Norte", domain: "norte.taller.cl" });
    await expect(ops.companies.create({ name: "Otro", domain: "norte.taller.cl" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(ops.companies.create({ name: "Otro", domain: "no es un dominio" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await ops.companies.list()).map((c) => c.domain)).toContain("norte.taller.cl");
    await ops.companies.remove({ id: created?.id ?? 0 });
    expect(
      await app
        .db()
        .select()
        .from(companies)
        .where(eq(companies.id, created?.id ?? 0)),
    ).toEqual([]);
    await expect(ops.companies.remove({ id: created?.id ?? 0 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("deletes a company with data (the seeded Otro Taller) with everything it owns", async () => {
    const ops = createCaller(await app.manager());
    await ops.companies.remove({ id: app.fx().other.companyId });
    expect((await ops.companies.list()).map((c) => c.id)).not.toContain(app.fx().other.companyId);
  });
});
