import { orders, roles, users } from "@taller/db";
import { createCallerFactory, TRPCError } from "@taller/trpc";
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
    const [role] = await app.db().insert(roles).values({ companyId: app.fx().demo.companyId, name: "Sin fotos" }).returning();
    const [user] = await app
      .db()
      .insert(users)
      .values({ companyId: app.fx().demo.companyId, roleId: role!.id, name: "Sara Sin", email: "sin-fotos@taller.demo", passwordHash: "x" })
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
    await app.db().update(orders).set({ userId: order!.userId, assigneeId: order!.assigneeId }).where(eq(orders.id, order!.id));
  });

  it("does not open another company's order", async () => {
    const other = await callerFor("admin@otro.demo");
    expect(codeOf(await other.zip({ id: pictures().manyPicturesOrderId }).catch((e: unknown) => e))).toBe("NOT_FOUND");
  });
});
