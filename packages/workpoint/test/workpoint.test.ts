import { companyTerms, DEFAULT_TERMS } from "@taller/core";
// The workpoint procedures through the router's caller, against a real database (seeded demo: Taller Demo's
// technician Tomás has open, started and completed works on recent orders; a kiosk device "Pantalla del taller").
import {
  bookings,
  customWorks,
  orders,
  realtimeEvents,
  sessions,
  userDevices,
  workpointTokens,
  works,
} from "@taller/db";
import { createCallerFactory, sha256, TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { workpointRouter } from "../src";
import { MAX_DEVICES } from "../src/devices";

const createCaller = createCallerFactory(workpointRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const admin = () => callerFor("admin@taller.demo");
const tecnico = () => callerFor("tecnico@taller.demo");
const asesor = () => callerFor("asesor@taller.demo");
const fx = () => app.fx().demo;
const userId = (email: string) => fx().userIds[email] ?? 0;

async function failure(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** The kiosk calls in a kiosk session of `email` on the device with `token` (the demo's device by default). */
const kiosk = async (email = "tecnico@taller.demo", token: string | null = fx().workpointToken) =>
  createCaller(await app.kiosk(email, token)).kiosk;

/** Events written since `sinceId` of a type. */
async function eventsSince(sinceId: number, type: string) {
  return app
    .db()
    .select({ payload: realtimeEvents.payload, companyId: realtimeEvents.companyId })
    .from(realtimeEvents)
    .where(and(gt(realtimeEvents.id, sinceId), eq(realtimeEvents.type, type)));
}
async function lastEventId() {
  const [row] = await app
    .db()
    .select({ id: realtimeEvents.id })
    .from(realtimeEvents)
    .orderBy(desc(realtimeEvents.id))
    .limit(1);
  return row?.id ?? 0;
}

/** Demo orders of the first requirement (the one with its own required work) and of another one. */
async function ordersByRequirement() {
  const first = fx().requirementIds[0]!;
  const rows = await app
    .db()
    .select({ id: orders.id, requirementId: orders.requirementId })
    .from(orders)
    .where(eq(orders.companyId, fx().companyId));
  return {
    withBrakes: rows.find((o) => o.requirementId === first)!.id,
    without: rows.find((o) => o.requirementId !== null && o.requirementId !== first)!.id,
  };
}
/** The general required works (no requirement). */
const generalWork = (i = 0) => fx().customWorkIds[i]!;
const brakesWork = () => fx().customWorkIds.at(-1)!;

describe("workpoint.requiredWorks", () => {
  it("answers the active general works plus those of the document's requirement, in their order", async () => {
    const { withBrakes, without } = await ordersByRequirement();
    const a = await (await admin()).requiredWorks({ document_type: "Order", document_id: withBrakes });
    expect(a.map((w) => w.name)).toEqual([
      "Diagnóstico",
      "Cambio de aceite",
      "Alineación",
      "Lavado",
      "Control de calidad",
      "Revisión de frenos",
    ]);
    const b = await (await admin()).requiredWorks({ document_type: "Order", document_id: without });
    expect(b.map((w) => w.name)).not.toContain("Revisión de frenos");
    expect(b).toHaveLength(5);
  });

  it("refuses a document of another company or one that does not exist", async () => {
    const other = await callerFor("admin@otro.demo");
    expect((await failure(other.requiredWorks({ document_type: "Order", document_id: fx().orderIds[0]! }))).code).toBe(
      "NOT_FOUND",
    );
    expect(
      (await failure((await admin()).requiredWorks({ document_type: "Booking", document_id: 2_000_000_000 }))).code,
    ).toBe("NOT_FOUND");
  });

  it("a cancelled booking takes no work: its required works and a request are NOT_FOUND", async () => {
    const [booking] = await app
      .db()
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.companyId, fx().companyId), isNull(bookings.cancelledAt), eq(bookings.rescheduled, false)))
      .limit(1);
    await app
      .db()
      .update(bookings)
      .set({ cancelledAt: new Date(), cancelReason: "Prueba" })
      .where(eq(bookings.id, booking!.id));
    const document = { document_type: "Booking" as const, document_id: booking!.id };
    const caller = await admin();
    expect((await failure(caller.requiredWorks(document))).code).toBe("NOT_FOUND");
    expect((await failure(caller.request({ ...document, work_id: generalWork() }))).code).toBe("NOT_FOUND");
    await app.db().update(bookings).set({ cancelledAt: null, cancelReason: null }).where(eq(bookings.id, booking!.id));
    expect(await caller.requiredWorks(document)).not.toHaveLength(0);
  });
});

describe("workpoint.request", () => {
  it("creates a work for the caller, announces it, and a repeat answers the same open work without new events", async () => {
    const { without } = await ordersByRequirement();
    const since = await lastEventId();
    const caller = await asesor();
    const input = { document_type: "Order" as const, document_id: without, work_id: generalWork(3) };
    const work = await caller.request(input);
    expect(work).toMatchObject({
      user_id: userId("asesor@taller.demo"),
      work: { name: "Lavado" },
      document_type: "Order",
      document_id: without,
    });
    expect(work.started_at).toBeNull();
    const again = await Promise.all([caller.request(input), caller.request(input), caller.request(input)]);
    expect(new Set(again.map((w) => w.id))).toEqual(new Set([work.id]));
    const changed = await eventsSince(since, "work.changed");
    expect(changed.map((e) => e.payload)).toEqual([{ ids: [work.id], documentType: "Order", documentId: without }]);
    expect((await eventsSince(since, "work.assigned")).map((e) => e.payload)).toEqual([
      { userId: userId("asesor@taller.demo"), ids: [work.id] },
    ]);
    // One's own request pushes nobody.
    expect(await eventsSince(since, "push.requested")).toEqual([]);
  });

  it("assigning someone else needs create on work, and pushes the assignee unless skip_notifications", async () => {
    const { without } = await ordersByRequirement();
    const tomas = userId("tecnico@taller.demo");
    const since = await lastEventId();
    const base = { document_type: "Order" as const, document_id: without, user_id: tomas };
    const pushed = await (await admin()).request({ ...base, work_id: generalWork(1) });
    expect(pushed.user_id).toBe(tomas);
    const pushes = await eventsSince(since, "push.requested");
    expect(pushes.map((p) => p.payload)).toEqual([
      {
        userIds: [tomas],
        title: "Nuevo trabajo",
        body: "Cambio de aceite",
        url: `/main/work/${pushed.id}`,
        tag: `work-${pushed.id}`,
      },
    ]);
    expect(pushes[0]!.companyId).toBe(fx().companyId);
    const since2 = await lastEventId();
    await (await admin()).request({ ...base, work_id: generalWork(2), skip_notifications: true });
    expect(await eventsSince(since2, "push.requested")).toEqual([]);
    expect(await eventsSince(since2, "work.assigned")).toHaveLength(1);
    // Asesor has no create on work.
    expect((await failure((await asesor()).request({ ...base, work_id: generalWork(0) }))).code).toBe("FORBIDDEN");
  });

  it("refuses a work not required for the document, a retired work, another company's work or user", async () => {
    const { withBrakes, without } = await ordersByRequirement();
    const a = await admin();
    expect(
      (await failure(a.request({ document_type: "Order", document_id: without, work_id: brakesWork() }))).code,
    ).toBe("NOT_FOUND");
    const [retired] = await app
      .db()
      .insert(customWorks)
      .values({ companyId: fx().companyId, name: "Retirado", active: false })
      .returning();
    expect(
      (await failure(a.request({ document_type: "Order", document_id: withBrakes, work_id: retired!.id }))).code,
    ).toBe("NOT_FOUND");
    const other = app.fx().other;
    expect(
      (await failure(a.request({ document_type: "Order", document_id: withBrakes, work_id: other.customWorkIds[0]! })))
        .code,
    ).toBe("NOT_FOUND");
    const foreignUser = other.userIds["admin@otro.demo"]!;
    expect(
      (
        await failure(
          a.request({ document_type: "Order", document_id: withBrakes, work_id: generalWork(0), user_id: foreignUser }),
        )
      ).code,
    ).toBe("NOT_FOUND");
  });

  it("after a work is completed, the same work can be requested again (a new instance)", async () => {
    const { withBrakes } = await ordersByRequirement();
    const a = await admin();
    const input = { document_type: "Order" as const, document_id: withBrakes, work_id: brakesWork() };
    const first = await a.request(input);
    await a.complete({ id: first.id });
    const second = await a.request(input);
    expect(second.id).not.toBe(first.id);
  });
});

describe("own works, list and get", () => {
  it("ownWorks: the caller's works not completed, latest first", async () => {
    const own = await (await tecnico()).ownWorks();
    const tomas = userId("tecnico@taller.demo");
    const rows = await app
      .db()
      .select({ id: works.id })
      .from(works)
      .where(and(eq(works.userId, tomas), sql`${works.completedAt} IS NULL`))
      .orderBy(desc(works.createdAt), desc(works.id));
    expect(own.map((w) => w.id)).toEqual(rows.map((r) => r.id));
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((w) => w.user_id === tomas && w.completed_at === null)).toBe(true);
    expect(own[0]!.correlative_id).toEqual(expect.any(Number));
  });

  it("list pages by (created_at, id) without repeats or gaps; an own-only role sees only its works", async () => {
    const a = await admin();
    const all = await a.list({ limit: 100 });
    const pages: number[] = [];
    let after: { created_at: string; id: number } | undefined;
    for (let i = 0; i < 50; i++) {
      const page = await a.list({ limit: 2, cursor: after });
      pages.push(...page.items.map((w) => w.id));
      if (!page.next) break;
      after = page.next;
    }
    expect(pages).toEqual(all.items.map((w) => w.id));
    const mine = await (await tecnico()).list({ limit: 100 });
    expect(mine.items.every((w) => w.user_id === userId("tecnico@taller.demo"))).toBe(true);
    const asked = await (await tecnico()).list({ user_id: userId("asesor@taller.demo") });
    expect(asked.items).toEqual([]);
    const open = await a.list({ state: "open", limit: 100 });
    expect(open.items.every((w) => w.completed_at === null)).toBe(true);
    const doc = all.items[0]!;
    const byDoc = await a.list({ document_type: doc.document_type, document_id: doc.document_id });
    expect(byDoc.items.every((w) => w.document_id === doc.document_id)).toBe(true);
  });

  it("get: readable by its assignee and by roles reading every work; can_update says who may move it", async () => {
    const asesorWork = (await (await asesor()).ownWorks())[0]!;
    expect((await failure((await tecnico()).get({ id: asesorWork.id }))).code).toBe("NOT_FOUND");
    expect(await (await admin()).get({ id: asesorWork.id })).toMatchObject({ id: asesorWork.id, can_update: true });
    expect(await (await asesor()).get({ id: asesorWork.id })).toMatchObject({ can_update: true });
  });
});

describe("start and complete", () => {
  it("move forward only, idempotently; completing an unstarted work starts it", async () => {
    const t = await tecnico();
    const [open] = (await t.ownWorks()).filter((w) => w.started_at === null);
    const started = await t.start({ id: open!.id });
    expect(started.started_at).not.toBeNull();
    expect((await t.start({ id: open!.id })).started_at).toBe(started.started_at);
    const done = await t.complete({ id: open!.id });
    expect(done.completed_at).not.toBeNull();
    expect(done.started_at).toBe(started.started_at);
    const again = await t.start({ id: open!.id });
    expect(again).toMatchObject({ started_at: started.started_at, completed_at: done.completed_at });
    expect((await t.complete({ id: open!.id })).completed_at).toBe(done.completed_at);
    expect((await t.ownWorks()).map((w) => w.id)).not.toContain(open!.id);

    const direct = await (await asesor()).ownWorks();
    const completed = await (await asesor()).complete({ id: direct[0]!.id });
    expect(completed.started_at).toBe(completed.completed_at);
  });

  it("only the assignee or a role updating every work moves it", async () => {
    const { without } = await ordersByRequirement();
    const work = await (
      await admin()
    ).request({ document_type: "Order", document_id: without, work_id: generalWork(4) });
    expect((await failure((await tecnico()).start({ id: work.id }))).code).toBe("NOT_FOUND");
    expect((await failure((await asesor()).complete({ id: work.id }))).code).toBe("NOT_FOUND");
    expect((await (await admin()).start({ id: work.id })).started_at).not.toBeNull();
  });

  it("concurrent starts and completes end completed, started once, completed once", async () => {
    const { withBrakes } = await ordersByRequirement();
    const a = await admin();
    const work = await a.request({
      document_type: "Order",
      document_id: withBrakes,
      work_id: generalWork(2),
      user_id: userId("tecnico@taller.demo"),
    });
    const since = await lastEventId();
    const t = await tecnico();
    const calls = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0 ? t.start({ id: work.id }) : a.complete({ id: work.id }),
    );
    const answers = await Promise.all(calls);
    const [row] = await app.db().select().from(works).where(eq(works.id, work.id));
    expect(row!.completedAt).not.toBeNull();
    expect(row!.startedAt!.getTime()).toBeLessThanOrEqual(row!.completedAt!.getTime());
    // Every answer after the completion shows the same instants (no move went backwards or happened twice).
    const completedAnswers = answers.filter((w) => w.completed_at !== null);
    expect(new Set(completedAnswers.map((w) => w.completed_at)).size).toBe(1);
    const changed = (await eventsSince(since, "work.changed")).filter((e) =>
      (e.payload as { ids: number[] }).ids.includes(work.id),
    );
    expect(changed.length).toBeGreaterThanOrEqual(1);
    expect(changed.length).toBeLessThanOrEqual(2);
  });
});

describe("kiosk devices", () => {
  it("an administrator registers a device, its token opens the kiosk, revoking closes it", async () => {
    const a = await admin();
    const device = await a.devices.register({ name: "  Box 2  " });
    expect(device.name).toBe("Box 2");
    const token = new URL(device.path, "http://x").searchParams.get("token")!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const [stored] = await app.db().select().from(workpointTokens).where(eq(workpointTokens.id, device.id));
    expect(stored!.tokenHash).toBe(sha256(token));
    expect((await a.devices.list()).map((d) => d.name)).toContain("Box 2");
    const check = createCaller({ ...app.anonymous(), workpointToken: token }).kiosk.check();
    // The kiosk names the works' documents in the company's words.
    expect(await check).toEqual({
      ok: true,
      device: "Box 2",
      company: "Taller Demo",
      workpoint_logout_time: 30,
      terms: companyTerms(DEFAULT_TERMS),
    });
    await a.devices.revoke({ id: device.id });
    expect(await createCaller({ ...app.anonymous(), workpointToken: token }).kiosk.check()).toEqual({ ok: false });
    expect((await failure(a.devices.revoke({ id: device.id }))).code).toBe("NOT_FOUND");
  });

  it("revoking a device ends the kiosk sessions opened on it, and only those", async () => {
    const a = await admin();
    const device = await a.devices.register({ name: "Box revocado" });
    const tomas = userId("tecnico@taller.demo");
    const expiresAt = new Date(Date.now() + 3600_000);
    const companyId = fx().companyId;
    await app
      .db()
      .insert(sessions)
      .values([
        { id: "kiosk-on-revoked", userId: tomas, kind: "kiosk", expiresAt },
        { id: "staff-elsewhere", userId: tomas, kind: "staff", expiresAt },
      ]);
    await app
      .db()
      .insert(userDevices)
      .values([
        { companyId, userId: tomas, sessionId: "kiosk-on-revoked", workpointTokenId: device.id },
        { companyId, userId: tomas, sessionId: "staff-elsewhere" },
      ]);
    const since = await lastEventId();
    await a.devices.revoke({ id: device.id });
    const left = await app
      .db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, ["kiosk-on-revoked", "staff-elsewhere"]));
    expect(left).toEqual([{ id: "staff-elsewhere" }]);
    expect(await eventsSince(since, "session.ended")).toEqual([
      { payload: { sessionIds: ["kiosk-on-revoked"] }, companyId: null },
    ]);
    // Another company's administrator cannot revoke it, nor end its sessions.
    const other = await a.devices.register({ name: "Box ajeno" });
    await app.db().insert(sessions).values({ id: "kiosk-kept", userId: tomas, kind: "kiosk", expiresAt });
    await app
      .db()
      .insert(userDevices)
      .values({ companyId, userId: tomas, sessionId: "kiosk-kept", workpointTokenId: other.id });
    expect((await failure((await callerFor("admin@otro.demo")).devices.revoke({ id: other.id }))).code).toBe(
      "NOT_FOUND",
    );
    expect(await app.db().select({ id: sessions.id }).from(sessions).where(eq(sessions.id, "kiosk-kept"))).toHaveLength(
      1,
    );
  });

  it("is an administrator's: other roles are refused", async () => {
    expect((await failure((await tecnico()).devices.register({ name: "x" }))).code).toBe("FORBIDDEN");
    expect((await failure((await asesor()).devices.list())).code).toBe("FORBIDDEN");
  });

  it("a burst of registrations stops at the cap of 50 devices", async () => {
    const a = await admin();
    const companyId = fx().companyId;
    const count = async () =>
      (
        await app
          .db()
          .select({ id: workpointTokens.id })
          .from(workpointTokens)
          .where(eq(workpointTokens.companyId, companyId))
      ).length;
    const free = MAX_DEVICES - (await count());
    const results = await Promise.allSettled(
      Array.from({ length: free + 20 }, (_, i) => a.devices.register({ name: `Ráfaga ${i}` })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(free);
    expect(await count()).toBe(MAX_DEVICES);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    expect((refused?.reason as TRPCError).message).toBe(
      `No se pueden registrar más de ${MAX_DEVICES} puntos de trabajo`,
    );
    await app
      .db()
      .delete(workpointTokens)
      .where(and(eq(workpointTokens.companyId, companyId), sql`${workpointTokens.name} LIKE 'Ráfaga %'`));
  });

  it("check refuses a missing, unknown or oversized token", async () => {
    for (const token of [null, "nope", "x".repeat(5000)]) {
      expect(await createCaller({ ...app.anonymous(), workpointToken: token }).kiosk.check()).toEqual({ ok: false });
    }
  });
});

describe("kiosk session", () => {
  it("shows the user's open works and moves only their own", async () => {
    const k = await kiosk();
    expect(await k.me()).toEqual({ id: userId("tecnico@taller.demo"), name: "Tomás Técnico" });
    const open = await k.works();
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((w) => w.user_id === userId("tecnico@taller.demo") && w.completed_at === null)).toBe(true);
    const target = open.find((w) => w.started_at === null) ?? open[0]!;
    expect((await k.start({ id: target.id })).started_at).not.toBeNull();
    const asesorWork = (await (await asesor()).ownWorks())[0];
    if (asesorWork) expect((await failure(k.complete({ id: asesorWork.id }))).code).toBe("NOT_FOUND");
    expect((await k.complete({ id: target.id })).completed_at).not.toBeNull();
  });

  it("refuses malformed ids with BAD_REQUEST", async () => {
    const k = await kiosk();
    for (const id of [0, -1, 1.5, 2 ** 31, "1"] as unknown as number[]) {
      expect((await failure(k.start({ id }))).code).toBe("BAD_REQUEST");
      expect((await failure(k.complete({ id }))).code).toBe("BAD_REQUEST");
    }
  });

  it("needs a valid device of the user's company and a kiosk session", async () => {
    expect((await failure((await kiosk("tecnico@taller.demo", "nope")).works())).code).toBe("UNAUTHORIZED");
    expect((await failure((await kiosk("tecnico@taller.demo", null)).works())).code).toBe("UNAUTHORIZED");
    // Otro Taller's device with a Taller Demo user.
    expect((await failure((await kiosk("tecnico@taller.demo", app.fx().other.workpointToken)).works())).code).toBe(
      "UNAUTHORIZED",
    );
    // A staff session on a valid device is not a kiosk session.
    const staff = await app.staff("tecnico@taller.demo");
    expect((await failure(createCaller({ ...staff, workpointToken: fx().workpointToken }).kiosk.works())).code).toBe(
      "UNAUTHORIZED",
    );
  });
});
