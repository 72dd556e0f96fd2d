import { isInstant } from "@taller/core";
import { files, sessions, users, verifyPassword } from "@taller/db";
import {
  createCallerFactory,
  fieldErrorsFromIssues,
  issuesOf,
  TRPCError,
  type BusEvent,
  type EventBus,
} from "@taller/trpc";
import { type TestContext, useSeededApp } from "@taller/trpc/testing";
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it, vi } from "vitest";
import { accountRouter, authenticate, authRouter, LOGIN_LIMITS, SESSION_COOKIE, watchSessionEvents } from "../src";

const account = createCallerFactory(accountRouter);
const auth = createCallerFactory(authRouter);
const app = useSeededApp();

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";

/** The session cookie (name=value) a context was last given. */
function sessionCookie(ctx: TestContext): string {
  const set = ctx.cookies.filter((c) => c.startsWith(`${SESSION_COOKIE}=`)).at(-1);
  if (!set) throw new Error("no session cookie was set");
  return set.split(";")[0]!;
}

/** A context as the server builds it for a request carrying `cookie`, or null when the cookie no longer works. */
async function fromCookie(cookie: string, userAgent?: string): Promise<TestContext | null> {
  const found = await authenticate(app.db(), cookie, { secure: false });
  if (!found) return null;
  const ctx = app.anonymous();
  return { ...ctx, ...(userAgent ? { userAgent } : {}), session: found.session, user: found.user };
}

/** Logs in through auth.login from a browser with `userAgent` and returns that browser's context. */
async function signIn(email: string, opts: { userAgent?: string; otp?: string } = {}): Promise<TestContext> {
  const anon = { ...app.anonymous(), ...(opts.userAgent ? { userAgent: opts.userAgent } : {}) };
  const result = await auth(anon).login({ email, password: "demo1234", ...(opts.otp ? { otp: opts.otp } : {}) });
  expect(result.status).toBe("ok");
  return (await fromCookie(sessionCookie(anon), opts.userAgent))!;
}

/** The error a call rejects with, and the fields it marks (as the HTTP error formatter reports them). */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const e = error as TRPCError;
  const issues = issuesOf(e.cause);
  return { code: e.code, message: e.message, fields: issues ? fieldErrorsFromIssues(issues).fieldErrors : {} };
}

/** A six-digit code that is not `code`. */
const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");

describe("auth.signedIn", () => {
  it("is false for a visitor and a kiosk session, true for a staff session: never a 401", async () => {
    expect(await auth(app.anonymous()).signedIn()).toBe(false);
    const staff = await app.staff("admin@taller.demo");
    expect(await auth(staff).signedIn()).toBe(true);
    expect(await auth({ ...staff, session: { ...staff.session!, kind: "kiosk" } }).signedIn()).toBe(false);
  });
});

describe("account.update", () => {
  it("saves the general information and answers the profile", async () => {
    const ctx = await signIn("asesor@taller.demo");
    const profile = await account(ctx).update({
      name: "Andrés A. Asesor",
      phone: "+56 9 1234 5678",
      rut: "123456785",
      theme: "dune",
    });
    expect(profile).toMatchObject({
      id: app.fx().demo.userIds["asesor@taller.demo"],
      name: "Andrés A. Asesor",
      mail: "asesor@taller.demo",
      phone: "+56 9 1234 5678",
      rut: "12.345.678-5",
      theme: "dune",
      has_2fa: false,
    });
    // A blank optional field clears it.
    expect(await account(ctx).update({ phone: "  " })).toMatchObject({ phone: null, rut: "12.345.678-5" });
  });

  it("rejects an invalid rut, phone, theme or name on their fields", async () => {
    const ctx = await signIn("asesor@taller.demo");
    const bad = await failure(account(ctx).update({ rut: "12.345.678-9", phone: "abc", name: " " }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.fields).toEqual({ rut: ["Rut inválido"], phone: ["Teléfono inválido"], name: ["Ingresa tu nombre"] });
    expect((await failure(account(ctx).update({ theme: "neon" as never }))).fields).toHaveProperty("theme");
  });

  it("stores the work-point code hashed, at least 4 characters, one per person in the company", async () => {
    const asesor = await signIn("asesor@taller.demo");
    const short = await failure(account(asesor).update({ workpoint_code: "123" }));
    expect(short.fields).toEqual({ workpoint_code: ["Código inválido, debe tener mínimo 4 caracteres"] });

    expect(await account(asesor).update({ workpoint_code: "4821" })).toMatchObject({ has_workpoint_code: true });
    const [row] = await app
      .db()
      .select({ hash: users.workpointCodeHash })
      .from(users)
      .where(eq(users.email, "asesor@taller.demo"));
    expect(row!.hash).not.toContain("4821");
    expect(await verifyPassword(row!.hash!, "4821")).toBe(true);
    // Saving one's own code again is fine; a coworker cannot take it; another company's user can.
    await account(asesor).update({ workpoint_code: "4821" });
    const tecnico = await signIn("tecnico@taller.demo");
    expect((await failure(account(tecnico).update({ workpoint_code: "4821" }))).fields).toEqual({
      workpoint_code: ["Código no disponible, elige otro"],
    });
    await account(await signIn("admin@otro.demo")).update({ workpoint_code: "4821" });
  });

  it("limits how often one user may try work-point codes (a taken one tells a coworker's kiosk login)", async () => {
    const admin = await signIn("admin@taller.demo");
    for (let i = 0; i < LOGIN_LIMITS.lockoutAfter; i++) {
      expect(await failure(account(admin).update({ workpoint_code: "4821" }))).toMatchObject({ code: "BAD_REQUEST" });
    }
    const limited = await failure(account(admin).update({ workpoint_code: "9999" }));
    expect(limited.code).toBe("TOO_MANY_REQUESTS");
    expect(limited.message).toMatch(/^Demasiados cambios de código\. Intenta nuevamente en \d+ minutos?\.$/);
  });

  it("sets the picture only to an image the user uploaded to our file store", async () => {
    const ctx = await signIn("asesor@taller.demo");
    const db = app.db();
    const own = "own_picture_0123456789ab";
    const foreign = "foreign_picture_01234567";
    const coworker = "coworker_picture_0123456";
    await db.insert(files).values([
      {
        id: own,
        companyId: app.fx().demo.companyId,
        userId: app.fx().demo.userIds["asesor@taller.demo"],
        contentType: "image/png",
        size: 10,
        name: "a.png",
      },
      {
        id: foreign,
        companyId: app.fx().other.companyId,
        userId: app.fx().other.userIds["admin@otro.demo"],
        contentType: "image/png",
        size: 10,
        name: "b.png",
      },
      {
        id: coworker,
        companyId: app.fx().demo.companyId,
        userId: app.fx().demo.userIds["admin@taller.demo"],
        contentType: "image/png",
        size: 10,
        name: "c.png",
      },
    ]);
    expect(await account(ctx).update({ picture: `/files/${own}` })).toMatchObject({ picture: `/files/${own}` });
    for (const picture of [
      `/files/${foreign}`,
      `/files/${coworker}`,
      "https://evil.example/x.png",
      `/files/${"z".repeat(24)}`,
    ]) {
      expect(await failure(account(ctx).update({ picture }))).toMatchObject({
        code: "NOT_FOUND",
        message: "Imagen no encontrada",
      });
    }
  });
});

describe("account.changeEmail", () => {
  const mailOf = async (email: string) => (await auth(await signIn(email)).me()).mail;

  it("answers alike whether the address is free or another account's, and changes it only when free", async () => {
    const ctx = await signIn("asesor@taller.demo");
    const events: BusEvent[] = [];
    const unsubscribe = app.bus().subscribe((e) => events.push(e));

    const free = await account(ctx).changeEmail({ mail: " Asesor.Nuevo@Taller.Demo ", password: "demo1234" });
    expect((await auth(ctx).me()).mail).toBe("asesor.nuevo@taller.demo");
    // E-mails are unique across companies (they are the login): another company's user's address is taken.
    const taken = await account(ctx).changeEmail({ mail: "ADMIN@otro.demo", password: "demo1234" });
    expect(taken).toEqual(free);
    expect(free).toEqual({ message: "Si el correo está disponible, quedará asociado a tu cuenta." });
    expect((await auth(ctx).me()).mail).toBe("asesor.nuevo@taller.demo");
    expect(await mailOf("admin@otro.demo")).toBe("admin@otro.demo");
    // Nothing announced either way (the user's own stream would otherwise tell the cases apart).
    expect(events).toEqual([]);
    unsubscribe();

    expect(await account(ctx).changeEmail({ mail: "asesor@taller.demo", password: "demo1234" })).toEqual(free);
    expect((await auth(ctx).me()).mail).toBe("asesor@taller.demo");
  });

  it("takes the current password under the lockout, and a valid address", async () => {
    const ctx = await signIn("admin@taller.demo");
    const wrong = await failure(account(ctx).changeEmail({ mail: "otro.admin@taller.demo", password: "mala" }));
    expect(wrong).toMatchObject({ code: "UNAUTHORIZED", fields: { password: ["Contraseña inválida"] } });
    expect((await auth(ctx).me()).mail).toBe("admin@taller.demo");
    const invalid = await failure(account(ctx).changeEmail({ mail: "no-es-correo", password: "demo1234" }));
    expect(invalid.fields).toEqual({ mail: ["Correo inválido"] });
  });

  it("limits how often one user may try addresses, taken or free", async () => {
    const ctx = await signIn("admin@otro.demo");
    // Free, taken, back to its own (free again), taken, taken: the account ends as it began.
    const tries = [
      "otro.nuevo@otro.demo",
      "asesor@taller.demo",
      "admin@otro.demo",
      "admin@taller.demo",
      "tecnico@taller.demo",
    ];
    expect(tries).toHaveLength(LOGIN_LIMITS.lockoutAfter);
    for (const mail of tries) await account(ctx).changeEmail({ mail, password: "demo1234" });
    const limited = await failure(account(ctx).changeEmail({ mail: "admin@otro.demo", password: "demo1234" }));
    expect(limited.code).toBe("TOO_MANY_REQUESTS");
    expect(limited.message).toMatch(/^Demasiados cambios de correo\. Intenta nuevamente en \d+ minutos?\.$/);
    // The login is not locked by it.
    expect(await mailOf("admin@otro.demo")).toBe("admin@otro.demo");
  });
});

describe("account.setOnline", () => {
  it("stores the toggle and answers the stored value", async () => {
    const ctx = await signIn("asesor@taller.demo");
    expect(await account(ctx).setOnline({ online: true })).toEqual({ online: true });
    expect((await auth(ctx).me()).online).toBe(true);
    expect(await account(ctx).setOnline({ online: false })).toEqual({ online: false });
  });
});

describe("two-factor authentication", () => {
  it("enable -> validate (session rotated) -> replay refused -> login asks the code -> disable", async () => {
    const first = await signIn("admin@taller.demo");
    const { qr, secret } = await account(first).enable2fa();
    expect(qr).toMatch(/^data:image\/png;base64,/);
    expect((await auth(first).me()).has_2fa).toBe(false);
    // Login is not affected until the code is validated.
    expect(await auth(app.anonymous()).login({ email: "admin@taller.demo", password: "demo1234" })).toMatchObject({
      status: "ok",
    });

    const code = await generate({ secret });
    const notIssued = await failure(
      account(first).validate2fa({ password: "demo1234", otp: code, otp_secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" }),
    );
    expect(notIssued).toMatchObject({
      code: "BAD_REQUEST",
      fields: { otp_secret: ["El código QR ya no es válido, vuelve a habilitar 2FA"] },
    });
    const badPassword = await failure(account(first).validate2fa({ password: "mala", otp: code, otp_secret: secret }));
    expect(badPassword).toMatchObject({ code: "UNAUTHORIZED", fields: { password: ["Contraseña inválida"] } });
    const badCode = await failure(
      account(first).validate2fa({ password: "demo1234", otp: wrongCode(code), otp_secret: secret }),
    );
    expect(badCode).toMatchObject({ code: "FORBIDDEN", fields: { otp: ["Código de autenticación inválido"] } });
    const shortCode = await failure(
      account(first).validate2fa({ password: "demo1234", otp: "12", otp_secret: secret }),
    );
    expect(shortCode).toMatchObject({ code: "BAD_REQUEST", fields: { otp: ["El código debe tener 6 dígitos"] } });

    const profile = await account(first).validate2fa({ password: "demo1234", otp: code, otp_secret: secret });
    expect(profile.has_2fa).toBe(true);
    // The session token is refreshed: the old cookie is dead, the new one works.
    expect(await fromCookie(`${SESSION_COOKIE}=${first.session!.id}`)).toBeNull();
    const second = (await fromCookie(sessionCookie(first)))!;
    expect(second).not.toBeNull();

    // A code works once.
    const replay = await failure(account(second).disable2fa({ password: "demo1234", otp: code }));
    expect(replay).toMatchObject({ code: "FORBIDDEN", fields: { otp: ["Código de autenticación inválido"] } });
    expect(await failure(account(second).enable2fa())).toMatchObject({
      code: "BAD_REQUEST",
      message: "2FA ya está habilitado",
    });

    // Login now needs the code.
    expect(await auth(app.anonymous()).login({ email: "admin@taller.demo", password: "demo1234" })).toEqual({
      status: "otp_required",
    });

    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await failure(account(second).disable2fa({ password: "mala", otp: next }))).code).toBe("UNAUTHORIZED");
    const off = await account(second).disable2fa({ password: "demo1234", otp: next });
    expect(off.has_2fa).toBe(false);
    const [row] = await app
      .db()
      .select({ secret: users.totpSecret })
      .from(users)
      .where(eq(users.email, "admin@taller.demo"));
    expect(row!.secret).toBeNull();
    expect(await fromCookie(`${SESSION_COOKIE}=${second.session!.id}`)).toBeNull();
    expect(await fromCookie(sessionCookie(second))).not.toBeNull();
    expect(await auth(app.anonymous()).login({ email: "admin@taller.demo", password: "demo1234" })).toMatchObject({
      status: "ok",
    });
  });

  it("keeps a pending secret only until a newer one is issued", async () => {
    const ctx = await signIn("admin@otro.demo");
    const old = await account(ctx).enable2fa();
    const current = await account(ctx).enable2fa();
    expect(current.secret).not.toBe(old.secret);
    const stale = await failure(
      account(ctx).validate2fa({
        password: "demo1234",
        otp: await generate({ secret: old.secret }),
        otp_secret: old.secret,
      }),
    );
    expect(stale.fields).toHaveProperty("otp_secret");
  });

  it("refuses disabling when 2FA is off", async () => {
    const ctx = await signIn("asesor@taller.demo");
    expect(await failure(account(ctx).disable2fa({ password: "demo1234", otp: "123456" }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "2FA no está habilitado",
    });
  });

  it("limits wrong passwords and codes like failed logins (5, then a lockout)", async () => {
    const ctx = await signIn("tecnico@taller.demo");
    const { secret } = await account(ctx).enable2fa();
    const code = await generate({ secret });
    for (let i = 0; i < 5; i++) {
      const input = i % 2 ? { password: "mala", otp: code } : { password: "demo1234", otp: wrongCode(code) };
      expect(["UNAUTHORIZED", "FORBIDDEN"]).toContain(
        (await failure(account(ctx).validate2fa({ ...input, otp_secret: secret }))).code,
      );
    }
    const locked = await failure(account(ctx).validate2fa({ password: "demo1234", otp: code, otp_secret: secret }));
    expect(locked.code).toBe("TOO_MANY_REQUESTS");
    expect(locked.message).toMatch(/^Demasiados intentos fallidos\. Intenta nuevamente en \d+ minutos?\.$/);
  });
});

describe("devices", () => {
  it("lists the user's sessions and ends one remotely", async () => {
    const desktop = await signIn("asesor@taller.demo");
    const phone = await signIn("asesor@taller.demo", { userAgent: IPHONE });
    const ended: BusEvent[] = [];
    const unsubscribe = app.bus().subscribe((e) => ended.push(e));

    const list = await account(desktop).devices();
    const mine = list.find((d) => d.current)!;
    const iphone = list.find((d) => d.device_type === "Mobile")!;
    expect(mine).toMatchObject({ device_type: "Unknown", os: "Linux", browser: "Chrome" });
    expect(iphone).toMatchObject({ os: "iOS 17.1", browser: "Mobile Safari", current: false });
    // Instants in the one wire form, not Dates.
    expect(isInstant(iphone.created_at)).toBe(true);
    expect(isInstant(iphone.updated_at)).toBe(true);
    expect(list.every((d) => !("sessionId" in d))).toBe(true);

    const after = await account(desktop).destroyDevice({ id: iphone.id });
    expect(after.map((d) => d.id)).not.toContain(iphone.id);
    expect(after.some((d) => d.id === mine.id)).toBe(true);
    // The phone's session no longer authenticates and its sockets are told to close.
    expect(await fromCookie(`${SESSION_COOKIE}=${phone.session!.id}`)).toBeNull();
    // With PostgreSQL the event comes back through LISTEN, a moment after the call returns.
    await vi.waitFor(() =>
      expect(ended.find((e) => e.type === "session.ended")?.payload).toEqual({ sessionIds: [phone.session!.id] }),
    );
    unsubscribe();
  });

  it("answers NOT_FOUND for a device of another user or company", async () => {
    const asesor = await signIn("asesor@taller.demo");
    const coworker = await signIn("admin@taller.demo");
    const foreign = await signIn("admin@otro.demo");
    for (const owner of [coworker, foreign]) {
      const [device] = await account(owner).devices();
      expect(await failure(account(asesor).destroyDevice({ id: device!.id }))).toMatchObject({ code: "NOT_FOUND" });
      expect(await fromCookie(`${SESSION_COOKIE}=${owner.session!.id}`)).not.toBeNull();
    }
  });

  it("ending the current device logs out", async () => {
    const ctx = await signIn("asesor@taller.demo");
    const current = (await account(ctx).devices()).find((d) => d.current)!;
    const after = await account(ctx).destroyDevice({ id: current.id });
    expect(after.some((d) => d.id === current.id)).toBe(false);
    expect(ctx.cookies.at(-1)).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(await fromCookie(`${SESSION_COOKIE}=${ctx.session!.id}`)).toBeNull();
  });
});

describe("the validated-session cache", () => {
  it("does not keep a session that ended while it was being validated", async () => {
    // A fresh login whose session no request has validated (so not cached yet).
    const anon = app.anonymous();
    expect((await auth(anon).login({ email: "asesor@taller.demo", password: "demo1234" })).status).toBe("ok");
    const cookie = sessionCookie(anon);
    const sessionId = cookie.split("=")[1]!;
    // The logout's event arrives (as from another process) while the validation is reading the database: a bus
    // whose listeners the test calls, and a database that calls them at the validation's first query.
    const listeners: ((e: BusEvent) => void)[] = [];
    const stop = watchSessionEvents({
      subscribe: (l: (e: BusEvent) => void) => (listeners.push(l), () => undefined),
    } as unknown as EventBus);
    let fired = false;
    const real = app.db();
    const racing = new Proxy(real, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (prop === "select" && !fired && typeof value === "function") {
          return (...args: unknown[]) => {
            fired = true;
            for (const l of listeners)
              l({ id: 1, type: "session.ended", companyId: null, payload: { sessionIds: [sessionId] } });
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    expect(await authenticate(racing, cookie, { secure: false })).not.toBeNull();
    expect(fired).toBe(true);
    stop();
    // The row goes (the logout's own write); the next request must not find the session in the cache.
    await real.delete(sessions).where(eq(sessions.id, sessionId));
    expect(await authenticate(real, cookie, { secure: false })).toBeNull();
  });
});

describe("validations under way", () => {
  /** A fresh login's cookie, not yet validated (so not cached). */
  async function freshCookie() {
    const anon = app.anonymous();
    expect((await auth(anon).login({ email: "asesor@taller.demo", password: "demo1234" })).status).toBe("ok");
    return sessionCookie(anon);
  }

  /**
   * The database, counting the query builders started; with `hold`, their rows are read but handed over on `release`.
   */
  function watched(hold: boolean) {
    const real = app.db();
    let selects = 0;
    let release!: () => void;
    let read!: () => void;
    const gate = hold ? new Promise<void>((r) => (release = r)) : Promise.resolve();
    const firstRead = new Promise<void>((r) => (read = r));
    /** A query builder (and the builders its methods return) whose rows are handed over once the gate opens. */
    const gated = (builder: object): object =>
      new Proxy(builder, {
        get(b, p) {
          const member: unknown = Reflect.get(b, p, b);
          if (typeof member !== "function") return member;
          if (p === "then") {
            return (ok: (v: unknown) => unknown, ko: (e: unknown) => unknown) =>
              (member as (f: (v: unknown) => unknown) => Promise<unknown>)
                .call(b, (rows) => (read(), gate.then(() => rows)))
                .then(ok, ko);
          }
          return (...args: unknown[]) => {
            const result: unknown = (member as (...a: unknown[]) => unknown).apply(b, args);
            return typeof result === "object" && result !== null ? gated(result) : result;
          };
        },
      });
    const db = new Proxy(real, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (prop === "select" && typeof value === "function") {
          return (...args: unknown[]) => {
            selects += 1;
            return gated((value as (...a: unknown[]) => object).apply(target, args));
          };
        }
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    return { db, selects: () => selects, firstRead, release: () => release() };
  }

  it("are shared by the requests of one session that miss the cache together", async () => {
    const one = watched(false);
    expect(await authenticate(one.db, await freshCookie(), { secure: false })).not.toBeNull();
    const alone = one.selects();
    expect(alone).toBeGreaterThan(0);

    const cookie = await freshCookie();
    const many = watched(false);
    const found = await Promise.all(Array.from({ length: 8 }, () => authenticate(many.db, cookie, { secure: false })));
    expect(many.selects()).toBe(alone);
    expect(new Set(found.map((f) => f?.user.id)).size).toBe(1);
    expect(found[0]?.user.id).toBe(app.fx().demo.userIds["asesor@taller.demo"]);
  });

  it("are not joined by a request that comes after the session ended", { timeout: 5000 }, async () => {
    const cookie = await freshCookie();
    const sessionId = cookie.split("=")[1]!;
    const listeners: ((e: BusEvent) => void)[] = [];
    const stop = watchSessionEvents({
      subscribe: (l: (e: BusEvent) => void) => (listeners.push(l), () => undefined),
    } as unknown as EventBus);
    const slow = watched(true);
    // Started before the logout: it read the live session, and is held there.
    const before = authenticate(slow.db, cookie, { secure: false });
    await slow.firstRead;
    await app.db().delete(sessions).where(eq(sessions.id, sessionId));
    for (const l of listeners)
      l({ id: 1, type: "session.ended", companyId: null, payload: { sessionIds: [sessionId] } });
    stop();
    const after = authenticate(app.db(), cookie, { secure: false });
    expect(await after).toBeNull();
    slow.release();
    // What it read before the end is its own answer, and it is not cached.
    await before;
    expect(await authenticate(app.db(), cookie, { secure: false })).toBeNull();
  });
});
