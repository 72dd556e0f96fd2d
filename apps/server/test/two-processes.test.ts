import { CHAT_SEND_PER_MINUTE } from "@taller/core";
import { createDatabase, queryRows, type Database } from "@taller/db";
import { DEMO_WORKPOINT_CODE, demoWorkpointToken } from "@taller/db/seed";
import { LOGIN_LIMITS } from "@taller/trpc";
import { createDatabaseUrl, postgresOnly, testServerUrl } from "@taller/testing";
import { sql } from "drizzle-orm";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import {
  browser,
  freeMonday,
  JSON_POST,
  loginCookie,
  openSocket,
  startLoadBalancer,
  startProcess,
  stopProcess,
  type LoadBalancer,
  type ServerProcess,
} from "./helpers";

// Two server processes on one PostgreSQL need a server: with the embedded database there is only one process.
describe.skipIf(!testServerUrl())(postgresOnly("two server processes on one PostgreSQL"), () => {
  let db: Awaited<ReturnType<typeof createDatabaseUrl>>;
  let a: ServerProcess;
  let b: ServerProcess;
  /** One address in front of both processes, as the browsers of a deployment see it. */
  let balancer: LoadBalancer;
  /** The test's own connection, to read what the processes wrote. */
  let database: Database;
  let bListening: number;

  beforeAll(async () => {
    db = await createDatabaseUrl();
    // Started together, as a deployment's processes are: both migrate the empty database at once.
    [a, b] = await Promise.all([
      startProcess({ DATABASE_URL: db!.url, SEED_DEMO: "always", TRUST_PROXY: "1" }),
      startProcess({ DATABASE_URL: db!.url, SEED_DEMO: "never", TRUST_PROXY: "1" }),
    ]);
    bListening = Date.now();
    balancer = await startLoadBalancer([a, b]);
    database = await createDatabase({ url: db!.url, max: 2 });
  }, 120_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all([a && stopProcess(a), b && stopProcess(b)]);
    await database?.close();
    await db?.drop();
  });

  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(database.db, query))[0]!;
  /** POSTs a tRPC mutation as the web app does; answers the status and the body. */
  const post = async (url: string, path: string, input: unknown, cookie = "") => {
    const res = await fetch(`${url}/trpc/${path}`, {
      method: "POST",
      headers: { ...JSON_POST, cookie },
      body: JSON.stringify({ json: input }),
    });
    return { status: res.status, body: (await res.json()) as { result?: { data: { json: { id: number } } } } };
  };
  /** Taller Demo's professional (tecnico) and first location: what a booking of the agenda names. */
  const bookingSlot = () =>
    one<{ user_id: number; location_id: number }>(
      sql`SELECT u.id AS user_id, l.id AS location_id FROM users u
          JOIN locations l ON l.company_id = u.company_id
          WHERE u.email = 'tecnico@taller.demo' ORDER BY l.id LIMIT 1`,
    );

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

  it("a booking and an order's status change made through one process reach the agenda's and the orders list's stream on the other", async () => {
    const writer = browser(a.url);
    await writer.client.auth.login.mutate({ email: "admin@taller.demo", password: "demo1234" });
    const watcher = browser(b.url);
    await watcher.client.auth.login.mutate({ email: "asesor@taller.demo", password: "demo1234" });
    const socket = watcher.socket();
    // company.onEvent: the stream the agenda (useBookingEvents) and the orders list (useRefreshOn) refetch on.
    // From the latest event on, as a reconnecting tab resumes: nothing written after this is missed, however long the
    // subscription takes to start.
    const { last } = await one<{ last: string }>(sql`SELECT coalesce(max(id), 0)::text AS last FROM realtime_events`);
    const seen: { type: string; payload: { ids?: number[] } }[] = [];
    socket.client.company.onEvent.subscribe(
      { lastEventId: last },
      { onData: ({ data }) => void seen.push(data as never) },
    );
    const sawOne = (type: string, id: number) =>
      vi.waitFor(() => expect(seen.some((e) => e.type === type && e.payload.ids?.includes(id))).toBe(true), {
        timeout: 5_000,
      });

    const booking = await writer.client.booking.create.mutate({
      ...(await bookingSlot()),
      booking_date: freeMonday(0),
      booking_time: "09:00",
      duration: 30,
      idempotency_key: `two-processes-booking-${Date.now()}`,
    });
    await sawOne("booking.changed", booking.id);

    const order = await one<{ id: number; version: number; next: number }>(
      sql`SELECT o.id, o.version,
                 (SELECT n.id FROM statuses n WHERE n.company_id = s.company_id AND n.type = 'Order'
                  AND n.position > s.position ORDER BY n.position LIMIT 1) AS next
          FROM orders o JOIN statuses s ON s.id = o.status_id
          JOIN companies c ON c.id = o.company_id AND c.domain = 'taller.demo'
          WHERE s.type = 'Order' AND s.position = 0 ORDER BY o.id LIMIT 1`,
    );
    await writer.client.orders.changeStatus.mutate({ id: order.id, version: order.version, status_id: order.next });
    await sawOne("order.changed", order.id);
    await socket.close();
  });

  // Through one address the requests alternate between the processes, as behind a load balancer.
  it("the staff login throttle, hit through both processes, refuses at the same count as one process", async () => {
    const from = balancer.sent.length;
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.lockoutAfter; i++) {
      // The last try has the right password: the account is locked by then, on both processes.
      const password = i === LOGIN_LIMITS.lockoutAfter ? "demo1234" : `mala-${i}`;
      statuses.push((await post(balancer.url, "auth.login", { email: "tecnico@taller.demo", password })).status);
    }
    expect(new Set(balancer.sent.slice(from))).toEqual(new Set([a.url, b.url]));
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMITS.lockoutAfter).fill(401), 429]);
  });

  it("the chat's messages per user, sent through both processes, stop at the one figure", async () => {
    const sender = browser(balancer.url);
    await sender.client.auth.login.mutate({ email: "admin@taller.demo", password: "demo1234" });
    const [chat] = (await sender.client.chat.list.query({ tab: "Order", archived: true })).items;
    // The limit counts per clock minute: a burst that straddled two minutes would be counted in both.
    const leftOfMinute = 60_000 - (Date.now() % 60_000);
    if (leftOfMinute < 10_000) await new Promise((r) => setTimeout(r, leftOfMinute + 100));
    const from = balancer.sent.length;
    let sent = 0;
    let refused: unknown = null;
    while (!refused && sent <= 2 * CHAT_SEND_PER_MINUTE) {
      await sender.client.chat.send
        .mutate({ chat_id: chat!.id, client_key: `two-processes-rate-${sent}-${Date.now()}`, comment: `n.º ${sent}` })
        .then(
          () => sent++,
          (error: unknown) => (refused = error),
        );
    }
    expect(new Set(balancer.sent.slice(from))).toEqual(new Set([a.url, b.url]));
    expect(sent).toBe(CHAT_SEND_PER_MINUTE);
    expect(refused).toMatchObject({ data: { code: "TOO_MANY_REQUESTS" } });
  });

  it("each periodic job runs once per period, on whichever process claims it first", async () => {
    const jobRuns = () =>
      `${a.output()}\n${b.output()}`
        .split("\n")
        .filter((line) => line.includes('"msg":"job ran"'))
        .map((line) => JSON.parse(line) as { job: string; period: string });
    // The jobs each process said it ticks (apps/server/src/index.ts's list): the same on both.
    const started = (output: string) =>
      output
        .split("\n")
        .filter((line) => line.includes('"msg":"jobs started"'))
        .map((line) => (JSON.parse(line) as { jobs: string[] }).jobs)[0];
    // Both processes tick every job a second after they listen (B listened last): every job has run on one of them.
    await vi.waitFor(
      () => {
        const jobs = started(a.output());
        expect(jobs?.length).toBeGreaterThan(0);
        expect(started(b.output())).toEqual(jobs);
        expect(Date.now() - bListening).toBeGreaterThan(2_000);
        expect(new Set(jobRuns().map((r) => r.job))).toEqual(new Set(jobs));
      },
      { timeout: 10_000 },
    );
    // No job ran twice in one period, whichever process ticked it; the claims are the periods that ran.
    const runs = jobRuns();
    const periods = runs.map((r) => `${r.job} ${r.period}`);
    expect(new Set(periods).size).toBe(periods.length);
    const claimed = await queryRows<{ name: string; period: string }>(
      database.db,
      sql`SELECT name, to_char(period_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS period FROM job_runs`,
    );
    expect(claimed.map((c) => `${c.name} ${c.period}`).every((p) => periods.includes(p))).toBe(true);
  });

  // Last: it stops process A.
  it("a process stopped mid-request finishes its write, and the client's retry through the balancer books once", async () => {
    const cookie = await loginCookie(a.url, "admin@taller.demo");
    const input = {
      ...(await bookingSlot()),
      booking_date: freeMonday(1),
      booking_time: "10:00",
      duration: 30,
      idempotency_key: `two-processes-stop-${Date.now()}`,
    };
    const exited = new Promise<number | null>((r) => a.child.once("exit", (code) => r(code)));
    const ws = new WebSocket(`${a.url.replace("http", "ws")}/trpc`);
    await new Promise((r) => ws.once("open", r));
    const stopping = new Promise<number>((r) => ws.once("close", (code) => r(code)));

    // The booking's headers are read by A ("100 Continue") before the signal; its body follows once A is stopping.
    const body = JSON.stringify({ json: input });
    let headersRead: () => void;
    const inFlight = new Promise<void>((r) => (headersRead = r));
    const answered = new Promise<{ status: number; id?: number }>((ok, fail) => {
      const headers = { ...JSON_POST, cookie, "content-length": Buffer.byteLength(body), expect: "100-continue" };
      const req = request(`${a.url}/trpc/booking.create`, { method: "POST", headers }, (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => {
          const parsed = JSON.parse(text) as { result?: { data: { json: { id: number } } } };
          ok({ status: res.statusCode!, id: parsed.result?.data.json.id });
        });
      });
      req.on("error", fail);
      req.once("continue", () => headersRead());
      void stopping.then(() => req.end(body));
    });
    await inFlight;
    a.child.kill("SIGTERM");
    expect(await stopping).toBe(1001);
    const first = await answered;
    expect(first.status).toBe(200);

    // The browser never saw that answer (say the connection dropped): it sends the same booking again through the
    // balancer, which passes it to B once A refuses connections.
    let retry = await post(balancer.url, "booking.create", input, cookie);
    for (let i = 0; i < 3 && retry.status === 502; i++)
      retry = await post(balancer.url, "booking.create", input, cookie);
    expect(retry.status).toBe(200);
    expect(retry.body.result?.data.json.id).toBe(first.id);
    const { n } = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM bookings WHERE idempotency_key = ${input.idempotency_key}`,
    );
    expect(n).toBe(1);
    expect(await exited).toBe(0);
  }, 30_000);
});
