// 'Adicionales' and the consumption inventory on the client's booking page (seed 000 section 2.5 and 'Booking
// form': order_aditionals, inventory_action_for_consume): the add-ons are written with the booking in its
// transaction, at the product's price in the database, only products the case's requirement offers.
import { ADDON_ERRORS, addDays, todayIn } from "@taller/core";
import { bookingAddons, bookings, products, requirementAddons } from "@taller/db";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingRouter } from "../src";

const createCaller = createCallerFactory(bookingRouter);
const app = useSeededApp();
const pub = () => createCaller(app.anonymous());
const [taller, otro] = [() => app.fx().demo, () => app.fx().other];
let keys = 0;
const key = () => `addon-key-${++keys}-${Date.now()}`;

/** The call's failure as the client reads it: code and field errors. */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const e = error as TRPCError;
  const issues = (e.cause as { issues?: { path: (string | number)[]; message: string }[] } | undefined)?.issues ?? [];
  return { code: e.code, fields: Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message])) };
}

/** A free day and hour for the capacity company's case (no professional needed), offset so tests do not collide. */
async function freeSlot(token: string, skip: number) {
  const from = addDays(todayIn(), 8);
  const { days } = await pub().public.freeSlots({ token, booking_date: from, to_date: addDays(from, 30) });
  const found = Object.entries(days).filter(([, hours]) => hours.length > 0)[skip];
  if (!found) throw new Error("no free day");
  return { booking_date: found[0], booking_time: found[1][0] ?? "" };
}

const addonsOf = (bookingId: number) =>
  app
    .db()
    .select({
      productId: bookingAddons.productId,
      quantity: bookingAddons.quantity,
      unitPrice: bookingAddons.unitPrice,
      total: bookingAddons.total,
    })
    .from(bookingAddons)
    .where(eq(bookingAddons.bookingId, bookingId))
    .orderBy(bookingAddons.productId);

/** The constraint that refused an insert, read from the database's message (both drivers word it alike). */
const refusedBy = (insert: Promise<unknown>) =>
  insert.then(
    () => "accepted",
    (e: unknown) =>
      /constraint "([^"]+)"/.exec(String((e as { cause?: { message?: string } }).cause?.message))?.[1] ?? String(e),
  );

const bookingCount = async (companyId: number) =>
  (
    await app
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.companyId, companyId))
  )[0]?.n ?? 0;

describe("the client's page shows what the service consumes and offers", () => {
  it("answers the requirement's consumption and add-ons with their current prices", async () => {
    const page = await pub().public.get({ token: otro().crmToken });
    // The demo case is a 'Diagnóstico': it consumes the contact cleaner and offers four add-ons.
    expect(page.consumption).toEqual([
      {
        product_id: otro().productIds["LIM-CON"],
        name: "Limpiador de contactos eléctricos",
        code: "LIM-CON",
        quantity: 1,
      },
    ]);
    expect(page.addons.map((a) => a.name)).toEqual([
      "Aspirado interior",
      "Desinfección del aire acondicionado",
      "Lavado exterior",
      "Plumillas limpiaparabrisas (par)",
    ]);
    expect(page.addons.find((a) => a.name === "Lavado exterior")).toMatchObject({ price: 7_000, max_quantity: 1 });
    // Another company's catalogue never shows.
    const own = new Set(Object.values(otro().productIds));
    expect([...page.consumption, ...page.addons].every((p) => own.has(p.product_id))).toBe(true);
  });
});

describe("add-ons are booked with the booking (booking.public.create)", () => {
  it("stores the picked add-ons at the database's price, with the booking, and the detail shows them", async () => {
    const token = otro().crmToken;
    const wash = otro().productIds["LAV-EXT"] ?? 0;
    const wipers = otro().productIds["PLU-PAR"] ?? 0;
    const booked = await pub().public.create({
      token,
      ...(await freeSlot(token, 0)),
      addons: [
        { product_id: wipers, quantity: 2 },
        { product_id: wash, quantity: 1 },
      ],
      idempotency_key: key(),
    });
    expect(await addonsOf(booked.id)).toEqual(
      [
        { productId: wash, quantity: 1, unitPrice: 7_000, total: 7_000 },
        { productId: wipers, quantity: 2, unitPrice: 12_990, total: 25_980 },
      ].sort((a, b) => a.productId - b.productId),
    );
    const detail = await createCaller(await app.staff("admin@otro.demo")).get({ id: booked.id });
    expect(detail.addons.map((a) => [a.name, a.quantity, a.unit_price, a.total])).toEqual([
      ["Lavado exterior", 1, 7_000, 7_000],
      ["Plumillas limpiaparabrisas (par)", 2, 12_990, 25_980],
    ]);
    expect(detail.addons_total).toBe(32_980);

    // A later price change does not reprice the booking; a new booking takes the new price.
    await app.db().update(products).set({ price: 9_000 }).where(eq(products.id, wash));
    expect((await createCaller(await app.staff("admin@otro.demo")).get({ id: booked.id })).addons_total).toBe(32_980);
  });

  it("a price sent by the client is ignored: the product's price is what is stored", async () => {
    const token = otro().crmToken;
    const ac = otro().productIds["DES-AC"] ?? 0;
    const input = {
      token,
      ...(await freeSlot(token, 1)),
      addons: [{ product_id: ac, quantity: 1, unit_price: 1, price: 1 }],
      idempotency_key: key(),
    };
    const booked = await pub().public.create(input);
    expect(await addonsOf(booked.id)).toEqual([{ productId: ac, quantity: 1, unitPrice: 15_000, total: 15_000 }]);
  });

  it("a retried 'Agendar' (same key) writes the add-ons once", async () => {
    const token = otro().crmToken;
    const wash = otro().productIds["LAV-INT"] ?? 0;
    const input = {
      token,
      ...(await freeSlot(token, 2)),
      addons: [{ product_id: wash, quantity: 1 }],
      idempotency_key: key(),
    };
    const first = await pub().public.create(input);
    const again = await pub().public.create(input);
    expect(again.id).toBe(first.id);
    expect(await addonsOf(first.id)).toHaveLength(1);
  });

  it("refuses another company's product, a product the requirement does not offer, and bad quantities; nothing is booked", async () => {
    const token = otro().crmToken;
    const slot = await freeSlot(token, 3);
    const before = await bookingCount(otro().companyId);
    const foreign = taller().productIds["LAV-EXT"] ?? 0;
    expect(
      await failure(
        pub().public.create({ token, ...slot, addons: [{ product_id: foreign, quantity: 1 }], idempotency_key: key() }),
      ),
    ).toEqual({
      code: "BAD_REQUEST",
      fields: { addons: ADDON_ERRORS.unavailable },
    });
    // Consumed, not offered.
    const consumed = otro().productIds["LIM-CON"] ?? 0;
    expect(
      (
        await failure(
          pub().public.create({
            token,
            ...slot,
            addons: [{ product_id: consumed, quantity: 1 }],
            idempotency_key: key(),
          }),
        )
      ).fields,
    ).toEqual({
      addons: ADDON_ERRORS.unavailable,
    });
    // More than the requirement allows (the wash: 1), zero, negative, fractional, absurd, repeated.
    const wash = otro().productIds["LAV-EXT"] ?? 0;
    expect(
      (
        await failure(
          pub().public.create({ token, ...slot, addons: [{ product_id: wash, quantity: 2 }], idempotency_key: key() }),
        )
      ).fields,
    ).toEqual({
      addons: ADDON_ERRORS.tooMany,
    });
    for (const quantity of [0, -1, 1.5, 1_000_000]) {
      expect(
        (
          await failure(
            pub().public.create({ token, ...slot, addons: [{ product_id: wash, quantity }], idempotency_key: key() }),
          )
        ).code,
      ).toBe("BAD_REQUEST");
    }
    const repeated = [
      { product_id: wash, quantity: 1 },
      { product_id: wash, quantity: 1 },
    ];
    expect(
      (await failure(pub().public.create({ token, ...slot, addons: repeated, idempotency_key: key() }))).code,
    ).toBe("BAD_REQUEST");
    // Every refusal rolled the booking back with its add-ons.
    expect(await bookingCount(otro().companyId)).toBe(before);
  });

  it("the database refuses an add-on row pointing at another company's product or booking (composite foreign keys)", async () => {
    const [mine] = await app
      .db()
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.companyId, otro().companyId))
      .limit(1);
    const [theirs] = await app
      .db()
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.companyId, taller().companyId))
      .limit(1);
    const row = { companyId: otro().companyId, name: "x", quantity: 1, unitPrice: 1 };
    expect(
      await refusedBy(
        app
          .db()
          .insert(bookingAddons)
          .values({ ...row, bookingId: mine?.id ?? 0, productId: taller().productIds["LAV-EXT"] ?? 0 }),
      ),
    ).toBe("booking_addons_product_id_tenant_fk");
    expect(
      await refusedBy(
        app
          .db()
          .insert(bookingAddons)
          .values({ ...row, bookingId: theirs?.id ?? 0, productId: otro().productIds["LAV-EXT"] ?? 0 }),
      ),
    ).toBe("booking_addons_booking_id_tenant_fk");
    // And a requirement cannot offer another company's product.
    const offer = {
      companyId: otro().companyId,
      requirementId: otro().requirementIds[0] ?? 0,
      productId: taller().productIds["DES-AC"] ?? 0,
    };
    expect(await refusedBy(app.db().insert(requirementAddons).values(offer))).toBe(
      "requirement_addons_product_id_tenant_fk",
    );
  });

  it("moving a booking from the agenda keeps its add-ons at their booked prices", async () => {
    const token = otro().crmToken;
    const ac = otro().productIds["DES-AC"] ?? 0;
    const booked = await pub().public.create({
      token,
      ...(await freeSlot(token, 4)),
      addons: [{ product_id: ac, quantity: 1 }],
      idempotency_key: key(),
    });
    await app
      .db()
      .update(products)
      .set({ price: 20_000 })
      .where(and(eq(products.id, ac)));
    const target = await freeSlot(token, 5);
    const moved = await createCaller(await app.staff("admin@otro.demo")).reschedule({
      id: booked.id,
      ...target,
      idempotency_key: key(),
    });
    expect(moved.id).not.toBe(booked.id);
    expect(moved.addons.map((a) => [a.product_id, a.quantity, a.unit_price])).toEqual([[ac, 1, 15_000]]);
  });
});
