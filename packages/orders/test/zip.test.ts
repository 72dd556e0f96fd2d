import { budgets, documentTokens, orders, roles, users } from "@taller/db";
import type { TRPCError } from "@taller/trpc";
import { createCallerFactory, sha256 } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ordersRouter } from "../src";

const createCaller = createCallerFactory(ordersRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const pictures = () => app.fx().demo.pictures!;
const codeOf = (e: unknown) => (e as TRPCError).code;

describe("orders.zip", () => {
  it("names the archive and its pictures as the spec does, leaving videos out", async () => {
    const zip = await (await callerFor("admin@taller.demo")).zip({ id: pictures().manyPicturesOrderId });
    const [order] = await app.db().select().from(orders).where(eq(orders.id, pictures().manyPicturesOrderId));
    expect(zip.file_name).toBe(`Taller Demo - Orden de Trabajo ${order!.correlativeId}.zip`);
    // 200 entries, every 25th a video.
    expect(order!.pictures).toHaveLength(200);
    expect(zip.entries).toHaveLength(192);
    expect(zip.entries[0]).toEqual({ url: order!.pictures[0]!.url, name: "Foto 1.jpg" });
    expect(zip.entries.some((e) => e.name.startsWith("Video"))).toBe(false);
    expect(new Set(zip.entries.map((e) => e.name)).size).toBe(192);
  });

  it("keeps a picture the store lacks (the page finds it unreadable) and leaves the video out", async () => {
    const zip = await (await callerFor("admin@taller.demo")).zip({ id: pictures().noImagesOrderId });
    expect(zip.entries.map((e) => e.name)).toEqual(["Foto perdida.jpg"]);
  });

  it("needs read check_in, and an own-records-only grant sees only the user's orders", async () => {
    const [role] = await app
      .db()
      .insert(roles)
      .values({ companyId: app.fx().demo.companyId, name: "Sin fotos" })
      .returning();
    const [user] = await app
      .db()
      .insert(users)
      .values({
        companyId: app.fx().demo.companyId,
        roleId: role!.id,
        name: "Sara Sin",
        email: "sin-fotos@taller.demo",
        passwordHash: "x",
      })
      .returning();
    const nobody = await callerFor(user!.email);
    expect(codeOf(await nobody.zip({ id: pictures().manyPicturesOrderId }).catch((e: unknown) => e))).toBe("FORBIDDEN");

    // The technician reads only orders received by or assigned to them.
    const tecnicoId = app.fx().demo.userIds["tecnico@taller.demo"]!;
    const [order] = await app.db().select().from(orders).where(eq(orders.id, pictures().manyPicturesOrderId));
    const tecnico = await callerFor("tecnico@taller.demo");
    await app.db().update(orders).set({ userId: null, assigneeId: null }).where(eq(orders.id, order!.id));
    expect(codeOf(await tecnico.zip({ id: order!.id }).catch((e: unknown) => e))).toBe("NOT_FOUND");
    await app.db().update(orders).set({ assigneeId: tecnicoId }).where(eq(orders.id, order!.id));
    expect((await tecnico.zip({ id: order!.id })).entries).toHaveLength(192);
    await app
      .db()
      .update(orders)
      .set({ userId: order!.userId, assigneeId: order!.assigneeId })
      .where(eq(orders.id, order!.id));
  });

  it("does not open another company's order", async () => {
    const other = await callerFor("admin@otro.demo");
    expect(codeOf(await other.zip({ id: pictures().manyPicturesOrderId }).catch((e: unknown) => e))).toBe("NOT_FOUND");
  });
});

describe("orders.budgetZip and orders.budgetZipLink", () => {
  const anonymous = () => createCaller(app.anonymous());
  const tokenOf = (url: string) => new URL(url, "http://x").searchParams.get("token")!;

  it("opens the budget the link was made for, by its token alone, without the videos", async () => {
    const [a] = app.fx().demo.budgetIds;
    const { url } = await (await callerFor("asesor@taller.demo")).budgetZipLink({ budget_id: a! });
    expect(url).toMatch(new RegExp(`^/zip/budget/${a}\\?token=[A-Za-z0-9_-]{43}$`));
    const zip = await anonymous().budgetZip({ token: tokenOf(url), id: a! });
    const [budget] = await app.db().select().from(budgets).where(eq(budgets.id, a!));
    expect(zip.file_name).toBe(`Taller Demo - Presupuesto ${budget!.correlativeId}.zip`);
    expect(zip.entries.map((e) => e.name)).toEqual(["Frontal.jpg", "Tablero.jpg", "Motor.jpg"]);
    // Only the hash is kept, and the link expires.
    const [row] = await app
      .db()
      .select()
      .from(documentTokens)
      .where(eq(documentTokens.tokenHash, sha256(tokenOf(url))));
    expect(row).toMatchObject({
      kind: "zip_token",
      documentType: "Budget",
      documentId: a,
      companyId: app.fx().demo.companyId,
    });
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("a zip token for budget A reads neither budget B nor any order", async () => {
    const [a, b] = app.fx().demo.budgetIds;
    const token = tokenOf((await (await callerFor("admin@taller.demo")).budgetZipLink({ budget_id: a! })).url);
    expect(
      codeOf(
        await anonymous()
          .budgetZip({ token, id: b! })
          .catch((e: unknown) => e),
      ),
    ).toBe("NOT_FOUND");
    // The order's archive needs a staff session: a link token is no session.
    expect(
      codeOf(
        await anonymous()
          .zip({ id: pictures().manyPicturesOrderId })
          .catch((e: unknown) => e),
      ),
    ).toBe("UNAUTHORIZED");
    // A zip token made for an order (none is, but the table could hold one) does not open a budget of the same id.
    const orderToken = "zip-token-for-an-order-xxxxxxxxxxxxxxxxxxxxx";
    await app
      .db()
      .insert(documentTokens)
      .values({
        companyId: app.fx().demo.companyId,
        kind: "zip_token",
        tokenHash: sha256(orderToken),
        documentType: "Order",
        documentId: a!,
      });
    expect(
      codeOf(
        await anonymous()
          .budgetZip({ token: orderToken, id: a! })
          .catch((e: unknown) => e),
      ),
    ).toBe("NOT_FOUND");
    // Another kind of link (the CRM booking's) is no zip token.
    expect(
      codeOf(
        await anonymous()
          .budgetZip({ token: app.fx().demo.crmToken, id: a! })
          .catch((e: unknown) => e),
      ),
    ).toBe("UNAUTHORIZED");
  });

  it("refuses expired, unknown and missing tokens", async () => {
    const [a] = app.fx().demo.budgetIds;
    const token = tokenOf((await (await callerFor("admin@taller.demo")).budgetZipLink({ budget_id: a! })).url);
    await app
      .db()
      .update(documentTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(documentTokens.tokenHash, sha256(token)));
    expect(
      codeOf(
        await anonymous()
          .budgetZip({ token, id: a! })
          .catch((e: unknown) => e),
      ),
    ).toBe("UNAUTHORIZED");
    expect(
      codeOf(
        await anonymous()
          .budgetZip({ token: "nope", id: a! })
          .catch((e: unknown) => e),
      ),
    ).toBe("UNAUTHORIZED");
    expect(
      codeOf(
        await anonymous()
          .budgetZip({ id: a! } as never)
          .catch((e: unknown) => e),
      ),
    ).toBe("BAD_REQUEST");
    // A new link sweeps the budget's expired ones.
    await (await callerFor("admin@taller.demo")).budgetZipLink({ budget_id: a! });
    expect(
      await app
        .db()
        .select()
        .from(documentTokens)
        .where(eq(documentTokens.tokenHash, sha256(token))),
    ).toHaveLength(0);
  });

  it("makes links only for the user's own company's budgets", async () => {
    const [a] = app.fx().demo.budgetIds;
    expect(
      codeOf(await (await callerFor("admin@otro.demo")).budgetZipLink({ budget_id: a! }).catch((e: unknown) => e)),
    ).toBe("NOT_FOUND");
    expect(
      codeOf(
        await anonymous()
          .budgetZipLink({ budget_id: a! })
          .catch((e: unknown) => e),
      ),
    ).toBe("UNAUTHORIZED");
  });
});
