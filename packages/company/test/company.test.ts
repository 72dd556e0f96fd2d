import { createHash, randomBytes } from "node:crypto";
import { companies, documentTokens } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companyRouter } from "../src";

const createCaller = createCallerFactory(companyRouter);
const app = useSeededApp();

describe("company.onVersion", () => {
  it("yields the server's version at once, then each announced version", async () => {
    const controller = new AbortController();
    const ctx = { ...(await app.staff("admin@taller.demo")), appVersion: "1.0.0" };
    const stream = await createCaller(ctx, { signal: controller.signal }).onVersion();
    const received: string[] = [];
    const reading = (async () => {
      for await (const version of stream) {
        received.push(version);
        if (received.length === 2) controller.abort();
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    await app.bus().publish({ companyId: app.fx().demo.companyId, type: "user.updated", payload: { id: 1 } });
    await app.bus().publish({ companyId: null, type: "version.ready", payload: { version: "1.1.0" } });
    await reading;
    expect(received).toEqual(["1.0.0", "1.1.0"]);
  });

  it("is for logged-in staff only", async () => {
    await expect(createCaller(app.anonymous()).onVersion()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("company.onEvent", () => {
  it("never forwards a push request (its text is for the addressed users only) nor a notification request to screens", async () => {
    const controller = new AbortController();
    const fx = app.fx();
    const first = await app.bus().publish({ companyId: fx.demo.companyId, type: "user.updated", payload: { id: 1 } });
    await app.bus().publish({
      companyId: fx.demo.companyId,
      type: "push.requested",
      payload: { userIds: [2], title: "Te mencionaron", body: "privado", url: "/main/orders/1", tag: "t" },
    });
    await app.bus().publish({
      companyId: fx.demo.companyId,
      type: "notification.requested",
      payload: { notification: "order_received", documentId: 1 },
    });
    const last = await app.bus().publish({ companyId: fx.demo.companyId, type: "user.updated", payload: { id: 3 } });
    // Replayed from the outbox after `first`: the two requests sit between the two updates.
    const stream = await createCaller(await app.staff("admin@taller.demo"), { signal: controller.signal }).onEvent({
      lastEventId: String(first.id),
    });
    const types: string[] = [];
    for await (const event of stream) {
      // A server-side caller yields tracked()'s envelope, [id, data, marker]; only clients see { id, data }.
      const [id, data] = event as unknown as [string, { type: string }];
      types.push(data.type);
      if (id === String(last.id)) controller.abort();
    }
    expect(types).toEqual(["user.updated"]);
  });
});

describe("company.bookingAddon", () => {
  it("returns the add-on settings of the company the crm_token belongs to", async () => {
    const token = randomBytes(16).toString("hex");
    await app
      .db()
      .insert(documentTokens)
      .values({
        companyId: app.fx().other.companyId,
        kind: "crm_token",
        tokenHash: createHash("sha256").update(token).digest("hex"),
        documentType: "Crm::Booking",
        documentId: 1,
      });
    await app
      .db()
      .update(companies)
      .set({ preferences: sql`jsonb_set(${companies.preferences}, '{booking_addon,allowed_domains}', '"*.otro.cl"')` })
      .where(eq(companies.id, app.fx().other.companyId));
    const addon = await createCaller(app.anonymous()).bookingAddon({ token });
    expect(addon).toEqual({ allowed_domains: "*.otro.cl", background_color: "#ffffff" });
  });

  it("refuses an unknown token", async () => {
    await expect(createCaller(app.anonymous()).bookingAddon({ token: "nope" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});
