// 'Recepción' through the router: a new vehicle of a new client, an existing vehicle and its owner, the kilometres
// rule, the idempotency key under a double press (one order, one chat), references of another company, own-records
// grants, and 100 concurrent receptions numbered 100 consecutive numbers.
import { CLIENT_TEXTS, kmsBelowLastText, RECEPTION_TEXTS, type ReceptionInput } from "@taller/core";
import {
  chats,
  clients,
  customFields,
  files,
  orderStatusLogs,
  orders,
  queryRows,
  realtimeEvents,
  rolePermissions,
  vehicles,
} from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { postgresOnly, testServerUrl } from "@taller/testing";
import { callFailure as failure, notificationRequests, refusalOf, useSeededApp } from "@taller/trpc/testing";
import { and, eq, sql } from "drizzle-orm";
import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ordersRouter } from "../src";

const createCaller = createCallerFactory(ordersRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const demo = () => app.fx().demo;
const userId = (email: string) => demo().userIds[email]!;

let plateNumber = 1000;
/** A plate no seeded vehicle has (new format: four letters, two digits; old: two letters, four digits). */
const freshPlate = () => `ZX${plateNumber++}`;
/** A valid RUT no seeded client has (módulo 11 check digit). */
function freshRut(body: number): string {
  let sum = 0;
  let factor = 2;
  for (const d of String(body).split("").reverse()) {
    sum += Number(d) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const dv = 11 - (sum % 11);
  return `${body}-${dv === 11 ? "0" : dv === 10 ? "K" : dv}`;
}

const reception = (over: Partial<ReceptionInput> = {}): ReceptionInput => ({
  key: randomUUID(),
  identifier: freshPlate(),
  client: { rut: "", name: "", phone: "", email: "" },
  requirement_id: demo().requirementIds[0],
  location_id: demo().locationIds[0],
  ...over,
});

/** A file in the store's table, uploaded by `email` (the bytes are not needed to attach it). */
async function uploaded(email: string, contentType = "image/jpeg"): Promise<string> {
  const id = randomBytes(18).toString("base64url");
  await app
    .db()
    .insert(files)
    .values({ id, companyId: demo().companyId, userId: userId(email), contentType, size: 10, name: "foto.jpg" });
  return `/files/${id}`;
}

const orderRow = async (id: number) => (await app.db().select().from(orders).where(eq(orders.id, id)))[0]!;
const vehicleBy = async (identifier: string) =>
  (
    await app
      .db()
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, demo().companyId), eq(vehicles.identifier, identifier)))
  )[0];

beforeAll(async () => {
  await app
    .db()
    .insert(customFields)
    .values({
      companyId: demo().companyId,
      entity: "Order",
      key: "$$combustible",
      name: "Combustible",
      kind: "list",
      items: [
        { id: 1, name: "Reserva" },
        { id: 2, name: "Medio" },
      ],
      position: 2,
    });
});

describe("orders.receive", () => {
  it("a new vehicle of a new client: both created, the order numbered with its first status log and events", async () => {
    const admin = await callerFor("admin@taller.demo");
    const rut = freshRut(21_000_001);
    const pictures = [{ url: await uploaded("admin@taller.demo"), name: "frente.jpg" }];
    const [before] = await app
      .db()
      .select({ max: sql<number>`max(correlative_id)` })
      .from(orders)
      .where(eq(orders.companyId, demo().companyId));
    const input = reception({
      identifier: "zy-10 99",
      brand_id: demo().brandIds[0],
      chassis: "9BWZZZ377VT004251",
      client: { rut: rut.replace("-", ""), name: "Rosa Recepción", phone: "9 8765 4321", email: "rosa@ejemplo.cl" },
      assignee_id: userId("tecnico@taller.demo"),
      user_id: userId("asesor@taller.demo"),
      kms: 45_000,
      comment: "Ruido al frenar",
      finish_date: "2030-05-02",
      custom_fields: { $$siniestro: "S-123", $$combustible: 2 },
      pictures,
    });
    const order = await admin.receive(input);
    expect(order.correlative_id).toBe(Number(before!.max) + 1);

    const row = await orderRow(order.id);
    const vehicle = (await vehicleBy("ZY1099"))!;
    const [client] = await app
      .db()
      .select()
      .from(clients)
      .where(and(eq(clients.companyId, demo().companyId), eq(clients.rut, `21.000.001-${rut.slice(-1)}`)));
    expect(client).toMatchObject({ name: "Rosa Recepción", phone: "+56 9 8765 4321", email: "rosa@ejemplo.cl" });
    expect(vehicle).toMatchObject({ clientId: client!.id, brandId: demo().brandIds[0], kms: 45_000 });
    expect(vehicle.chassis).toBe("9BWZZZ377VT004251");
    expect(row).toMatchObject({
      vehicleId: vehicle.id,
      clientId: client!.id,
      statusId: demo().statusIds.Order[0],
      userId: userId("asesor@taller.demo"),
      assigneeId: userId("tecnico@taller.demo"),
      locationId: demo().locationIds[0],
      requirementId: demo().requirementIds[0],
      kms: 45_000,
      comment: "Ruido al frenar",
      finishDate: "2030-05-02",
      customFields: { $$siniestro: "S-123", $$combustible: 2 },
      pictures: [{ url: pictures[0]!.url, name: "frente.jpg" }],
      from: "recepcion",
      receiveKey: input.key,
    });
    const logs = await app.db().select().from(orderStatusLogs).where(eq(orderStatusLogs.orderId, order.id));
    expect(logs).toMatchObject([{ statusId: demo().statusIds.Order[0], userId: userId("admin@taller.demo") }]);
    expect(await notificationRequests(app.db(), "order_received", order.id)).toEqual([demo().companyId]);
    const changed = await app
      .db()
      .select({ type: realtimeEvents.type })
      .from(realtimeEvents)
      .where(sql`${realtimeEvents.payload}->'ids' @> ${`[${order.id}]`}::jsonb AND type = 'order.changed'`);
    expect(changed).toHaveLength(1);
  });

  it("an existing vehicle: keeps its owner unless asked, and a changed owner is the new client", async () => {
    const admin = await callerFor("admin@taller.demo");
    const identifier = freshPlate();
    const first = await admin.receive(
      reception({ identifier, client: { name: "Primer Dueño", rut: freshRut(21_000_002) } }),
    );
    const vehicle = (await vehicleBy(identifier))!;
    const owner = vehicle.clientId;
    expect((await orderRow(first.id)).clientId).toBe(owner);

    const other = { name: "Segundo Dueño", rut: freshRut(21_000_003) };
    const second = await admin.receive(reception({ identifier, client: other }));
    expect((await vehicleBy(identifier))!.clientId).toBe(owner);
    expect((await orderRow(second.id)).clientId).not.toBe(owner);
    expect((await orderRow(second.id)).vehicleId).toBe(vehicle.id);

    const third = await admin.receive(reception({ identifier, client: other, change_owner: true }));
    const newOwner = (await orderRow(third.id)).clientId;
    expect((await vehicleBy(identifier))!.clientId).toBe(newOwner);
    // An empty client section: the order is the vehicle's owner's.
    const fourth = await admin.receive(reception({ identifier }));
    expect((await orderRow(fourth.id)).clientId).toBe(newOwner);
  });

  it("a known RUT updates that client instead of creating another", async () => {
    const admin = await callerFor("admin@taller.demo");
    const rut = freshRut(21_000_004);
    await admin.receive(reception({ client: { name: "Carla Cliente", rut, email: "carla@ejemplo.cl" } }));
    await admin.receive(reception({ client: { name: "Carla Cliente Soto", rut, phone: "+56912345678" } }));
    const found = await app
      .db()
      .select()
      .from(clients)
      .where(and(eq(clients.companyId, demo().companyId), eq(clients.name, "Carla Cliente Soto")));
    expect(found).toHaveLength(1);
    // What the second form left empty keeps what the record had.
    expect(found[0]).toMatchObject({ email: "carla@ejemplo.cl", phone: "+56 9 1234 5678" });
  });

  // Two connections: PostgreSQL's row locks and its unique index order the two receptions.
  it.skipIf(!testServerUrl())(
    postgresOnly("two receptions creating one new RUT at once: one creates it, the other is refused on client.rut"),
    async () => {
      const admin = await callerFor("admin@taller.demo");
      const client = { name: "Doble RUT", rut: freshRut(21_000_006) };
      const companyId = demo().companyId;
      // Deterministic interleaving: this transaction holds the company's order counter row, so the first reception
      // waits there holding its uncommitted client, and the second waits on that client's RUT in the unique index.
      const outcomes = await app.db().transaction(async (hold) => {
        const [{ pid } = { pid: 0 }] = await queryRows<{ pid: number }>(
          hold,
          sql`SELECT pg_backend_pid() AS pid FROM document_counters
              WHERE company_id = ${companyId} AND kind = 'orders' FOR UPDATE`,
        );
        expect(pid).toBeGreaterThan(0);
        const both = Promise.allSettled([admin.receive(reception({ client })), admin.receive(reception({ client }))]);
        // Wait until one reception waits on this transaction and the other waits on that one.
        for (let waiting = 0; waiting < 2;) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const [row] = await queryRows<{ n: number }>(
            app.db(),
            sql`SELECT count(*)::int AS n FROM pg_stat_activity a
                WHERE ${pid} = ANY(pg_blocking_pids(a.pid))
                   OR EXISTS (SELECT 1 FROM pg_stat_activity b
                              WHERE ${pid} = ANY(pg_blocking_pids(b.pid)) AND b.pid = ANY(pg_blocking_pids(a.pid)))`,
          );
          waiting = row?.n ?? 0;
        }
        // Not awaited here: the receptions finish once this transaction commits.
        return { both };
      });
      const done = await outcomes.both;
      expect(done.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const refused = done.find((o) => o.status === "rejected");
      // Where the RUT is taken, in the company's words (takenText).
      expect(refusalOf(refused?.reason)).toEqual({
        code: "CONFLICT",
        fields: { "client.rut": [`${CLIENT_TEXTS.rutTaken} en Clientes`] },
      });
    },
  );

  it("refuses kilometres below the vehicle's last until confirmed, with the field's Spanish message", async () => {
    const admin = await callerFor("admin@taller.demo");
    const identifier = freshPlate();
    await admin.receive(reception({ identifier, kms: 80_000 }));
    const refused = await failure(admin.receive(reception({ identifier, kms: 79_000 })));
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.fields.kms).toEqual([kmsBelowLastText(80_000)]);
    const confirmed = await admin.receive(reception({ identifier, kms: 79_000, confirm_kms: true }));
    expect((await orderRow(confirmed.id)).kms).toBe(79_000);
    // The confirmed reading is the vehicle's last from now on (a replaced odometer starts over).
    await admin.receive(reception({ identifier, kms: 79_500 }));
    expect((await admin.reception.vehicle({ identifier })).vehicle?.last_kms).toBe(79_500);
  });

  it("refuses bad input on its field: a bad RUT, a name missing, a list value, a foreign upload", async () => {
    const admin = await callerFor("admin@taller.demo");
    expect((await failure(admin.receive(reception({ client: { name: "X", rut: "12.345.678-9" } })))).fields).toEqual({
      "client.rut": [CLIENT_TEXTS.badRut],
    });
    expect((await failure(admin.receive(reception({ client: { phone: "+56 9 1234 5678" } })))).fields).toEqual({
      "client.name": [RECEPTION_TEXTS.nameRequired],
    });
    expect(
      (await failure(admin.receive(reception({ custom_fields: { $$combustible: 9 } })))).fields[
        "custom_fields.$$combustible"
      ],
    ).toEqual([RECEPTION_TEXTS.chooseItem]);
    expect(
      (await failure(admin.receive(reception({ custom_fields: { otro: "x" } })))).fields["custom_fields.otro"],
    ).toEqual([RECEPTION_TEXTS.fieldUnavailable]);
    // Another user's upload is not the caller's to attach.
    const theirs = await uploaded("asesor@taller.demo");
    expect((await failure(admin.receive(reception({ pictures: [{ url: theirs }] })))).fields["pictures.0"]).toEqual([
      RECEPTION_TEXTS.pictureUnavailable,
    ]);
    // Nothing of the refused receptions was written.
    expect(await vehicleBy(`ZX${plateNumber - 1}`)).toBeUndefined();
  });

  it("a double press creates one order: a repeated key, sequential or concurrent, answers the same order", async () => {
    const admin = await callerFor("admin@taller.demo");
    const input = reception({ client: { name: "Doble Clic", rut: freshRut(21_000_005) } });
    const [a, b] = await Promise.all([admin.receive(input), admin.receive(input)]);
    expect(a).toEqual(b);
    expect(await admin.receive(input)).toEqual(a);
    const rows = await app.db().select({ id: orders.id }).from(orders).where(eq(orders.receiveKey, input.key));
    expect(rows).toHaveLength(1);
    // The order is born with its chat (in the same transaction), once, titled from the order.
    const orderChats = await app
      .db()
      .select({ title: chats.title, correlativeId: chats.correlativeId })
      .from(chats)
      .where(and(eq(chats.companyId, demo().companyId), eq(chats.documentType, "Order"), eq(chats.documentId, a.id)));
    expect(orderChats).toEqual([{ title: input.identifier, correlativeId: a.correlative_id }]);
    // The database holds it too: a second row with the key is refused.
    await expect(
      queryRows(app.db(), sql`UPDATE orders SET receive_key = ${input.key} WHERE id = ${demo().orderIds[0]!}`),
    ).rejects.toThrow();
  });

  it("refuses another company's requirement, location and users (NOT_FOUND on the field)", async () => {
    const other = await callerFor("admin@otro.demo");
    for (const [field, value] of [
      ["requirement_id", demo().requirementIds[0]],
      ["location_id", demo().locationIds[0]],
      ["assignee_id", userId("tecnico@taller.demo")],
      ["user_id", userId("asesor@taller.demo")],
    ] as const) {
      const refused = await failure(
        other.receive({ ...reception(), requirement_id: null, location_id: null, [field]: value }),
      );
      expect(refused.code, field).toBe("NOT_FOUND");
      expect(Object.keys(refused.fields), field).toEqual([field]);
    }
  });

  it("the lookups answer only the caller's company", async () => {
    const admin = await callerFor("admin@taller.demo");
    const other = await callerFor("admin@otro.demo");
    const identifier = freshPlate();
    const rut = freshRut(21_000_006);
    await admin.receive(reception({ identifier, kms: 1234, client: { name: "Solo Demo", rut } }));
    const mine = await admin.reception.vehicle({ identifier: identifier.toLowerCase() });
    expect(mine.vehicle).toMatchObject({ identifier, last_kms: 1234, client: { name: "Solo Demo" } });
    expect(await admin.reception.client({ rut })).toMatchObject({ name: "Solo Demo" });
    expect((await other.reception.vehicle({ identifier })).vehicle).toBeNull();
    expect(await other.reception.client({ rut })).toBeNull();
  });

  it("offers the vehicle's booking of today, until it is received", async () => {
    const admin = await callerFor("admin@taller.demo");
    const identifier = freshPlate();
    await admin.receive(reception({ identifier }));
    const vehicle = (await vehicleBy(identifier))!;
    const [booking] = await queryRows<{ id: number }>(
      app.db(),
      sql`INSERT INTO bookings (company_id, vehicle_id, booking_date, booking_time, start_at)
          VALUES (${demo().companyId}, ${vehicle.id}, (now() AT TIME ZONE 'America/Santiago')::date, '10:30',
                  now()) RETURNING id`,
    );
    const found = await admin.reception.vehicle({ identifier });
    expect(found.booking).toMatchObject({ id: booking!.id, booking_time: "10:30" });
  });

  it("with an own-records grant the order is received by the caller, whoever the form names", async () => {
    await app.db().insert(rolePermissions).values({
      roleId: demo().roleIds["Técnico"]!,
      action: "create",
      resource: "check_in",
      restrictedToOwn: true,
    });
    const tecnico = await callerFor("tecnico@taller.demo");
    const order = await tecnico.receive(reception({ user_id: userId("admin@taller.demo") }));
    expect((await orderRow(order.id)).userId).toBe(userId("tecnico@taller.demo"));
  });

  it("100 concurrent receptions in one company get 100 distinct consecutive numbers", async () => {
    const admin = await callerFor("admin@taller.demo");
    const received = await Promise.all(Array.from({ length: 100 }, () => admin.receive(reception())));
    const numbers = received.map((r) => r.correlative_id).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(100);
    expect(numbers.at(-1)! - numbers[0]!).toBe(99);
  });
});
