// The booking form's pickers: clients and vehicles of the caller's company only, matched by the query, the chosen
// one always answered, a client's vehicles only when asked.
import { clients, vehicles } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingRouter } from "../src";
import { OPTIONS_LIMIT } from "../src/options/client-options";

const createCaller = createCallerFactory(bookingRouter);
const app = useSeededApp();
const caller = async (email = "admin@taller.demo") => createCaller(await app.staff(email));
const nth = (ids: readonly number[], i: number) => {
  const id = ids[i] ?? ids[0];
  if (id === undefined) throw new Error("demo fixture has no ids");
  return id;
};

describe("booking.clientOptions", () => {
  it("finds a client by part of the name, case and accents aside, and by RUT with or without dots", async () => {
    const [client] = await app
      .db()
      .select()
      .from(clients)
      .where(eq(clients.id, nth(app.fx().demo.clientIds, 0)));
    if (!client) throw new Error("demo client missing");
    const api = await caller();
    // Most of the name: a few letters match more of the demo's 300 clients than the options show.
    const byName = await api.clientOptions({ query: client.name.slice(1).toLowerCase() });
    expect(byName.map((c) => c.id)).toContain(client.id);
    if (client.rut) {
      const digits = client.rut.replace(/[.-]/g, "").slice(0, 6);
      expect((await api.clientOptions({ query: digits })).map((c) => c.id)).toContain(client.id);
    }
    expect(byName.length).toBeLessThanOrEqual(OPTIONS_LIMIT);
  });

  it("answers the chosen client first, and never another company's", async () => {
    const api = await caller();
    const chosen = nth(app.fx().demo.clientIds, 1);
    const [first] = await api.clientOptions({ query: "zzzz-nada", id: chosen });
    expect(first?.id).toBe(chosen);
    const other = await caller("admin@otro.demo");
    const leaked = await other.clientOptions({ query: "", id: chosen });
    expect(leaked.map((c) => c.id)).not.toContain(chosen);
  });

  it("is refused without create on booking", async () => {
    const api = await caller("tecnico@taller.demo");
    await expect(api.clientOptions({ query: "a" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("booking.vehicleOptions", () => {
  it("finds a vehicle by its identifier and keeps to one client when asked", async () => {
    const [vehicle] = await app
      .db()
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, nth(app.fx().demo.vehicleIds, 0)));
    if (!vehicle) throw new Error("demo vehicle missing");
    const api = await caller();
    const found = await api.vehicleOptions({ query: vehicle.identifier });
    expect(found.map((v) => v.id)).toContain(vehicle.id);
    if (vehicle.clientId) {
      const own = await api.vehicleOptions({ query: "", client_id: vehicle.clientId });
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((v) => v.client_id === vehicle.clientId)).toBe(true);
    }
  });

  it("never answers another company's vehicle, even named as the chosen one", async () => {
    const other = await caller("admin@otro.demo");
    const id = nth(app.fx().demo.vehicleIds, 0);
    const leaked = await other.vehicleOptions({ query: "", id });
    expect(leaked.map((v) => v.id)).not.toContain(id);
  });
});
