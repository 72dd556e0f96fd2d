import { pushDeliveries, pushOutbox, serverSecrets, sessions, userDevices } from "@taller/db";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  configurePush,
  deliverPushRequest,
  pushRouter,
  vapidKeys,
  webPushTransport,
  type DeliveryDeps,
  type PushRequest,
} from "../src";
import { startPushEndpoint, type PushEndpoint } from "./push-endpoint";

const createCaller = createCallerFactory(pushRouter);
const app = useSeededApp();
let endpoint: PushEndpoint;

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  return () => endpoint.close();
});
beforeEach(() => configurePush({ delivery: "web-push", insecureOrigins: [endpoint.origin] }));
// The process's default again for the test files after this one.
afterAll(() => configurePush({ delivery: "outbox", insecureOrigins: [] }));

/** A staff session with its device row, as a login makes them. */
async function signedIn(email: string) {
  const ctx = await app.staff(email);
  const user = ctx.user!;
  const [device] = await app
    .db()
    .insert(userDevices)
    .values({ companyId: user.companyId, userId: user.id, sessionId: ctx.session!.id })
    .returning({ id: userDevices.id });
  return { ctx, user, deviceId: device!.id, caller: createCaller(ctx) };
}

async function tokenOf(deviceId: number) {
  const [row] = await app
    .db()
    .select({ token: userDevices.notificationToken })
    .from(userDevices)
    .where(eq(userDevices.id, deviceId));
  return row?.token ?? null;
}

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

let paths = 0;
const newPath = () => `/push/${++paths}`;
let eventIds = 1_000_000;
const request = (companyId: number, userIds: number[], extra: Partial<PushRequest["payload"]> = {}): PushRequest => ({
  id: ++eventIds,
  type: "push.requested",
  companyId,
  payload: {
    userIds,
    title: "Te mencionaron",
    body: "Revisa la orden 12",
    url: "/main/orders/12",
    tag: "mention-1",
    ...extra,
  },
});

const logged: { level: string; msg: string }[] = [];
const log: DeliveryDeps["log"] = {
  info: (_o, msg) => logged.push({ level: "info", msg }),
  warn: (_o, msg) => logged.push({ level: "warn", msg }),
  debug: (_o, msg) => logged.push({ level: "debug", msg }),
};
const realDeps = async (): Promise<DeliveryDeps> => ({
  db: app.db(),
  log,
  transport: webPushTransport(await vapidKeys(app.db()), "mailto:soporte@taller.demo"),
});

describe("push.publicKey", () => {
  it("answers the VAPID public key kept in server_secrets, made once", async () => {
    const { caller } = await signedIn("admin@taller.demo");
    const { publicKey } = await caller.publicKey();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await caller.publicKey()).publicKey).toBe(publicKey);
    const rows = await app.db().select().from(serverSecrets).where(eq(serverSecrets.name, "vapid"));
    expect(rows).toHaveLength(1);
    expect((JSON.parse(rows[0]!.secret) as { publicKey: string }).publicKey).toBe(publicKey);
  });

  it("answers null when this server delivers no pushes: the browser has nothing to subscribe to", async () => {
    configurePush({ delivery: "outbox", insecureOrigins: [] });
    const { caller } = await signedIn("admin@taller.demo");
    expect(await caller.publicKey()).toEqual({ publicKey: null });
  });

  it("needs a staff session", async () => {
    expect((await failure(createCaller(app.anonymous()).publicKey())).code).toBe("UNAUTHORIZED");
  });
});

describe("push.subscribe / push.unsubscribe", () => {
  it("stores the subscription as the current device's notification_token, and only that device's", async () => {
    const first = await signedIn("admin@taller.demo");
    const second = await signedIn("admin@taller.demo");
    const sub = endpoint.subscription(newPath());
    expect(await first.caller.subscribe({ ...sub, expirationTime: null })).toEqual({ ok: true });
    expect(await tokenOf(first.deviceId)).toEqual(sub);
    expect(await tokenOf(second.deviceId)).toBeNull();

    await first.caller.unsubscribe();
    expect(await tokenOf(first.deviceId)).toBeNull();
  });

  it("moves an endpoint to the session that subscribed it last (a browser that changed hands, even across companies)", async () => {
    const demo = await signedIn("asesor@taller.demo");
    const other = await signedIn("admin@otro.demo");
    const sub = endpoint.subscription(newPath());
    await demo.caller.subscribe(sub);
    await other.caller.subscribe(sub);
    expect(await tokenOf(demo.deviceId)).toBeNull();
    expect(await tokenOf(other.deviceId)).toEqual(sub);
    // Subscribing again from the same device keeps it there.
    await other.caller.subscribe(sub);
    expect(await tokenOf(other.deviceId)).toEqual(sub);
  });

  it("refuses endpoints the server must not call, and malformed keys, naming the field", async () => {
    const { caller, deviceId } = await signedIn("admin@taller.demo");
    const sub = endpoint.subscription(newPath());
    for (const bad of [
      { ...sub, endpoint: "https://169.254.169.254/latest/meta-data" },
      { ...sub, endpoint: sub.endpoint.replace("127.0.0.1", "localhost") },
      { ...sub, endpoint: "http://fcm.googleapis.com/fcm/send/x" },
    ]) {
      const error = await failure(caller.subscribe(bad));
      expect(error.code).toBe("BAD_REQUEST");
      expect(JSON.stringify(error.cause)).toContain("Servicio de notificaciones no admitido");
    }
    const error = await failure(caller.subscribe({ ...sub, keys: { ...sub.keys, auth: "corto" } }));
    expect(JSON.stringify(error.cause)).toContain("Clave auth inválida");
    // Without PUSH_INSECURE_ORIGINS the local endpoint is refused too.
    configurePush({ delivery: "web-push", insecureOrigins: [] });
    expect((await failure(caller.subscribe(sub))).code).toBe("BAD_REQUEST");
    expect(await tokenOf(deviceId)).toBeNull();
  });

  it("answers NOT_FOUND for a session without a device row", async () => {
    const caller = createCaller(await app.staff("admin@taller.demo"));
    expect((await failure(caller.subscribe(endpoint.subscription(newPath())))).code).toBe("NOT_FOUND");
  });

  it("limits subscription changes to 20 a minute per user", async () => {
    const { caller } = await signedIn("tecnico@taller.demo");
    for (let i = 0; i < 20; i++) await caller.unsubscribe();
    const error = await failure(caller.unsubscribe());
    expect(error.code).toBe("TOO_MANY_REQUESTS");
    expect(error.message).toMatch(/^Demasiadas solicitudes/);
  });
});

describe("delivery of push.requested", () => {
  // Each case counts its own subscriptions: those of earlier cases go.
  beforeEach(() => app.db().update(userDevices).set({ notificationToken: null }));

  it("encrypts the push for every subscribed device of the addressed users, once, with the user's id", async () => {
    const fx = app.fx();
    const a1 = await signedIn("admin@taller.demo");
    const a2 = await signedIn("admin@taller.demo");
    const asesor = await signedIn("asesor@taller.demo");
    const paths = [newPath(), newPath(), newPath()];
    await a1.caller.subscribe(endpoint.subscription(paths[0]!));
    await a2.caller.subscribe(endpoint.subscription(paths[1]!));
    await asesor.caller.subscribe(endpoint.subscription(paths[2]!));
    const before = endpoint.received.length;

    const event = request(fx.demo.companyId, [a1.user.id]);
    const deps = await realDeps();
    expect(await deliverPushRequest(deps, event)).toEqual({ sent: 2, removed: 0, failed: 0 });
    // Another process hearing the same event finds it claimed.
    expect(await deliverPushRequest(deps, event)).toBeNull();
    await endpoint.waitFor(before + 2);
    const got = endpoint.received.slice(before);
    expect(got.map((r) => r.path).sort()).toEqual([paths[0], paths[1]].sort());
    for (const push of got) {
      expect(push.payload).toEqual({
        userId: a1.user.id,
        title: "Te mencionaron",
        body: "Revisa la orden 12",
        url: "/main/orders/12",
        tag: "mention-1",
      });
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(push.headers.ttl).toBe("86400");
      expect(push.headers.urgency).toBe("high");
      expect(push.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${(await vapidKeys(app.db())).publicKey}$`),
      );
    }
    const [claim] = await app.db().select().from(pushDeliveries).where(eq(pushDeliveries.eventId, event.id));
    expect(claim).toMatchObject({ sent: 2, removed: 0, failed: 0, companyId: fx.demo.companyId });
    expect(claim!.finishedAt).not.toBeNull();
  });

  it("reaches no one outside the event's company, and no expired session", async () => {
    const fx = app.fx();
    const other = await signedIn("admin@otro.demo");
    const expired = await signedIn("asesor@taller.demo");
    await other.caller.subscribe(endpoint.subscription(newPath()));
    await expired.caller.subscribe(endpoint.subscription(newPath()));
    await app
      .db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired.ctx.session!.id));
    const before = endpoint.received.length;
    // Otro Taller's user id inside Taller Demo's event: the company filter leaves it out.
    const report = await deliverPushRequest(
      await realDeps(),
      request(fx.demo.companyId, [other.user.id, expired.user.id]),
    );
    expect(report?.sent).toBe(0);
    expect(endpoint.received.length).toBe(before);
  });

  it("removes a subscription the push service calls gone (404/410) and keeps one that failed otherwise", async () => {
    const fx = app.fx();
    const gone = await signedIn("admin@taller.demo");
    const broken = await signedIn("admin@taller.demo");
    const gonePath = newPath();
    const brokenPath = newPath();
    const goneSub = endpoint.subscription(gonePath);
    const brokenSub = endpoint.subscription(brokenPath);
    await gone.caller.subscribe(goneSub);
    await broken.caller.subscribe(brokenSub);
    endpoint.answer(gonePath, 410);
    endpoint.answer(brokenPath, 500);

    const report = await deliverPushRequest(await realDeps(), request(fx.demo.companyId, [gone.user.id]));
    expect(report).toEqual({ sent: 0, removed: 1, failed: 1 });
    expect(await tokenOf(gone.deviceId)).toBeNull();
    expect(await tokenOf(broken.deviceId)).toEqual(brokenSub);
  });

  it("without delivery configured, writes what would be pushed to the outbox and sends nothing", async () => {
    const fx = app.fx();
    const admin = await signedIn("admin@taller.demo");
    const ok = endpoint.subscription(newPath());
    await admin.caller.subscribe(ok);
    const before = endpoint.received.length;
    const tecnico = fx.demo.userIds["tecnico@taller.demo"]!;
    const event = request(fx.demo.companyId, [admin.user.id, tecnico, fx.other.userIds["admin@otro.demo"]!], {
      body: "Trabajo nuevo",
    });
    const report = await deliverPushRequest({ db: app.db(), log, transport: null }, event);
    expect(report).toEqual({ sent: 1, removed: 0, failed: 0 });
    const rows = await app.db().select().from(pushOutbox).where(eq(pushOutbox.eventId, event.id));
    expect(rows.map((r) => ({ userId: r.userId, devices: r.devices })).sort((a, b) => a.userId - b.userId)).toEqual(
      [
        { userId: admin.user.id, devices: 1 },
        { userId: tecnico, devices: 0 },
      ].sort((a, b) => a.userId - b.userId),
    );
    expect(rows[0]!.payload).toMatchObject({ title: "Te mencionaron", body: "Trabajo nuevo", url: "/main/orders/12" });
    expect(endpoint.received.length).toBe(before);
    expect(logged.some((l) => l.msg.includes("not sent to any browser"))).toBe(true);
  });
});
