import { sessions } from "@taller/db";
import type { AppRouter } from "@taller/api";
import type { TRPCClientError } from "@trpc/client";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { browser, JSON_POST, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  return () => server.close();
});

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as TRPCClientError<AppRouter>,
  );

describe("server", () => {
  it("answers /healthz when the database answers", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("logs in through /trpc with an HttpOnly SameSite=Lax cookie", async () => {
    const res = await fetch(`${server.url}/trpc/auth.login`, {
      method: "POST",
      headers: JSON_POST,
      body: JSON.stringify({ json: { email: "admin@taller.demo", password: "demo1234" } }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^taller_session=\w+/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    const me = await fetch(`${server.url}/trpc/auth.me`, { headers: { cookie: cookie.split(";")[0]! } });
    expect(((await me.json()) as { result: { data: { json: { mail: string } } } }).result.data.json.mail).toBe(
      "admin@taller.demo",
    );
  });

  it("returns zod field errors a form can show", async () => {
    const error = await errorOf(browser(server.url).client.auth.login.mutate({ email: "no-es-correo", password: "" }));
    expect(error?.data?.code).toBe("BAD_REQUEST");
    expect(error?.data?.fieldErrors?.fieldErrors).toMatchObject({
      email: ["Correo inválido"],
      password: ["Ingresa tu contraseña"],
    });
  });

  it("answers a wrong password in Spanish and locks the account after repeated failures", async () => {
    const b = browser(server.url);
    for (let i = 0; i < 5; i++) {
      const error = await errorOf(b.client.auth.login.mutate({ email: "asesor@taller.demo", password: "mala" }));
      expect(error?.message).toBe("Correo o contraseña incorrectos");
      expect(error?.data?.httpStatus).toBe(401);
    }
    // Even the right password is refused during the lock-out.
    const locked = await errorOf(b.client.auth.login.mutate({ email: "asesor@taller.demo", password: "demo1234" }));
    expect(locked?.data?.httpStatus).toBe(429);
    expect(locked?.message).toMatch(/^Demasiados intentos fallidos\. Intenta nuevamente en \d+ minutos?\.$/);
  });

  it("password change ends the user's other sessions and closes their WebSockets", async () => {
    const laptop = browser(server.url);
    const phone = browser(server.url);
    await laptop.client.auth.login.mutate({ email: "admin@taller.demo", password: "demo1234" });
    await phone.client.auth.login.mutate({ email: "admin@taller.demo", password: "demo1234" });
    const laptopCookieBefore = laptop.cookie();

    const phoneSocket = phone.socket();
    const events: unknown[] = [];
    phoneSocket.client.company.onEvent.subscribe(undefined, { onData: (e) => events.push(e) });
    // The socket is authenticated: a query over it works.
    expect((await phoneSocket.client.auth.me.query()).mail).toBe("admin@taller.demo");

    await laptop.client.account.changePassword.mutate({
      old_password: "demo1234",
      password: "nueva-clave",
      password_confirmation: "nueva-clave",
    });

    expect(await phoneSocket.closed).toBe(4001);
    expect((await errorOf(phone.client.auth.me.query()))?.data?.code).toBe("UNAUTHORIZED");
    // The laptop's session was rotated: the new cookie works, the old one does not.
    expect(laptop.cookie()).not.toBe(laptopCookieBefore);
    expect((await laptop.client.auth.me.query()).mail).toBe("admin@taller.demo");
    const stale = await fetch(`${server.url}/trpc/auth.me`, { headers: { cookie: laptopCookieBefore } });
    expect(stale.status).toBe(401);
    await phoneSocket.close();
    await laptop.client.account.changePassword.mutate({
      old_password: "nueva-clave",
      password: "demo1234",
      password_confirmation: "demo1234",
    });
  });

  it("ends a session past its absolute lifetime even while it is in use", async () => {
    const b = browser(server.url);
    await b.client.auth.login.mutate({ email: "admin@otro.demo", password: "demo1234" });
    const id = b.cookie().split("=")[1]!;
    await server.tdb.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(sql`${sessions.id} = ${id}`);
    // The session was never used since login, so no validated copy is cached and the rule applies at once.
    const res = await fetch(`${server.url}/trpc/auth.me`, { headers: { cookie: `taller_session=${id}` } });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()[0]).toMatch(/^taller_session=;/);
  });
});
