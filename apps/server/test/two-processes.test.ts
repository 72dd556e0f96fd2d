import { DEMO_WORKPOINT_CODE, demoWorkpointToken } from "@taller/db/seed";
import { LOGIN_LIMITS } from "@taller/trpc";
import { createDatabaseUrl, postgresOnly, testServerUrl } from "@taller/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, JSON_POST, openSocket, startProcess, stopProcess, type ServerProcess } from "./helpers";

// Two server processes on one PostgreSQL need a server: with the embedded database there is only one process.
describe.skipIf(!testServerUrl())(postgresOnly("two server processes on one PostgreSQL"), () => {
  let db: Awaited<ReturnType<typeof createDatabaseUrl>>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    db = await createDatabaseUrl();
    a = await startProcess({ DATABASE_URL: db!.url, SEED_DEMO: "always" });
    b = await startProcess({ DATABASE_URL: db!.url, SEED_DEMO: "never" });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a && stopProcess(a), b && stopProcess(b)]);
    await db?.drop();
  });

  it("an event published through one process reaches a WebSocket subscriber of the other", async () => {
    // The same person, one session, talking to both processes (as behind a load balancer).
    const user = browser(a.url);
    await user.client.auth.login.mutate({ email: "admin@taller.demo", password: "demo1234" });
    const cookie = user.cookie();
    const socket = openSocket(a.url, cookie);
    expect((await socket.client.auth.me.query()).mail).toBe("admin@taller.demo");

    // Logging out through process B publishes `session.ended`; process A must close the socket it holds.
    const res = await fetch(`${b.url}/trpc/auth.logout`, {
      method: "POST",
      headers: { cookie, ...JSON_POST },
      body: "{}",
    });
    expect(res.status).toBe(200);
    expect(await socket.closed).toBe(4001);
  });

  it("a chat message posted through one process reaches a chat subscriber connected to the other", async () => {
    const reader = browser(a.url);
    await reader.client.auth.login.mutate({ email: "admin@taller.demo", password: "demo1234" });
    const writer = browser(b.url);
    await writer.client.auth.login.mutate({ email: "asesor@taller.demo", password: "demo1234" });
    const [first] = (await reader.client.chat.list.query({ tab: "Order", archived: true })).items;
    const chatId = first?.id ?? 0;
    const socket = openSocket(a.url, reader.cookie());
    const received = new Promise<unknown>((resolve) => {
      socket.client.chat.onComments.subscribe({ chat_id: chatId }, { onData: resolve });
    });
    await new Promise((r) => setTimeout(r, 300));
    const sent = await writer.client.chat.send.mutate({
      chat_id: chatId,
      client_key: `two-processes-${Date.now()}`,
      comment: "desde B",
    });
    expect(await received).toMatchObject({ data: { comment_id: sent.id, kind: "new" } });
    await socket.close();
  });

  // The throttles keep their counts in the database (docs/security.md, "State across processes"): guesses spread over
  // both processes are counted together, and a right code slipped between them clears nothing on either.
  it("the kiosk's code throttle counts the guesses sent to both processes as one", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40 && !statuses.includes(429); i++) {
      const server = i % 2 === 0 ? a : b;
      const code = i % 5 === 4 ? DEMO_WORKPOINT_CODE : String(7000 + i);
      const res = await fetch(`${server.url}/trpc/auth.workpointLogin`, {
        method: "POST",
        headers: { ...JSON_POST, "x-workpoint-token": demoWorkpointToken("taller.demo") },
        body: JSON.stringify({ json: { code } }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.lockoutAfter);
    expect(statuses.at(-1)).toBe(429);
  });

  it("both processes answer /healthz from the shared database", async () => {
    for (const p of [a, b]) expect((await fetch(`${p.url}/healthz`)).status).toBe(200);
  });
});
