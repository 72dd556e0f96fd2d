import { createDatabase } from "@taller/db";
import { startPushEndpoint, type PushEndpoint } from "@taller/push/testing";
import { createDatabaseUrl, postgresOnly, testServerUrl } from "@taller/testing";
import { busReady, createEventBus, type EventBus } from "@taller/trpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, startProcess, stopProcess, type ServerProcess } from "./helpers";

/** Resolves once `test` holds for what the processes logged (each process logs its part of a delivery). */
async function logged(processes: ServerProcess[], test: (outputs: string[]) => boolean): Promise<void> {
  for (let i = 0; i < 600 && !test(processes.map((p) => p.output())); i++) await new Promise((r) => setTimeout(r, 100));
  expect(test(processes.map((p) => p.output())), processes.map((p) => p.output()).join("\n")).toBe(true);
}

// Every process hears every event on the PostgreSQL bus: the push must still leave once.
describe.skipIf(!testServerUrl())(postgresOnly("web push delivered by two server processes"), () => {
  let db: Awaited<ReturnType<typeof createDatabaseUrl>>;
  let endpoint: PushEndpoint;
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let bus: EventBus;

  beforeAll(async () => {
    db = await createDatabaseUrl();
    endpoint = await startPushEndpoint();
    const env = {
      DATABASE_URL: db!.url,
      PUSH_VAPID_SUBJECT: "mailto:soporte@taller.demo",
      PUSH_INSECURE_ORIGINS: endpoint.origin,
      LOG_LEVEL: "debug",
    };
    a = await startProcess({ ...env, SEED_DEMO: "always" });
    b = await startProcess({ ...env, SEED_DEMO: "never" });
    // The test publishes as a domain would, on the same database's bus.
    database = await createDatabase({ url: db!.url, max: 2 });
    bus = createEventBus(database);
    await busReady(bus);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a && stopProcess(a), b && stopProcess(b)]);
    await bus?.close();
    await database?.close();
    await endpoint?.close();
    await db?.drop();
  });

  it("both processes sign with the one VAPID key pair made at the first start", async () => {
    const keys = await Promise.all(
      [a, b].map(async (p) => {
        const user = browser(p.url);
        await user.client.auth.login.mutate({ email: "tecnico@taller.demo", password: "demo1234" });
        return (await user.client.push.publicKey.query()).publicKey;
      }),
    );
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("a push.requested event reaches the subscribed browser once, encrypted, with its TTL and VAPID header", async () => {
    const user = browser(a.url);
    await user.client.auth.login.mutate({ email: "admin@taller.demo", password: "demo1234" });
    const me = await user.client.auth.me.query();
    await user.client.push.subscribe.mutate(endpoint.subscription("/push/admin"));
    const { publicKey } = await user.client.push.publicKey.query();

    const event = await bus.publish({
      type: "push.requested",
      companyId: me.companyId,
      payload: {
        userIds: [me.id],
        title: "Te mencionaron",
        body: "En la orden 15",
        url: "/main/orders/15",
        tag: "mention-15",
      },
    });
    const id = `"eventId":${event.id}`;
    // One process delivers, the other finds the event claimed; only then is "once" a fact.
    await logged([a, b], (outs) => {
      const delivered = outs.filter((o) => new RegExp(`${id}[^\\n]*push delivered`).test(o)).length;
      const skipped = outs.filter((o) => new RegExp(`${id}[^\\n]*already claimed`).test(o)).length;
      return delivered === 1 && skipped === 1;
    });
    await endpoint.waitFor(1);
    expect(endpoint.received).toHaveLength(1);
    const [push] = endpoint.received;
    expect(push!.path).toBe("/push/admin");
    expect(push!.payload).toEqual({
      userId: me.id,
      title: "Te mencionaron",
      body: "En la orden 15",
      url: "/main/orders/15",
      tag: "mention-15",
    });
    expect(push!.headers.ttl).toBe("86400");
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(push!.headers.authorization).toContain(`k=${publicKey}`);
  });
});
