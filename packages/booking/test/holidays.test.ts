// A holiday added in the admin's setup locks its day in the agenda, at its location only (seeded demo: Taller Demo
// with two locations).
import { adminRouter } from "@taller/admin";
import { addDays, BOOKING_ERRORS } from "@taller/core";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { describe, expect, it } from "vitest";
import { bookingRouter } from "../src";

const createAdminCaller = createCallerFactory(adminRouter);
const createCaller = createCallerFactory(bookingRouter);
const app = useSeededApp();

describe("holidays in the agenda", () => {
  it("a holiday added in the setup locks its day, at its location only, until it is deleted", async () => {
    const admin = createAdminCaller(await app.staff("admin@taller.demo"));
    const booking = createCaller(await app.staff("admin@taller.demo"));
    const [here, there] = [app.fx().demo.locationIds[0] ?? 0, app.fx().demo.locationIds[1] ?? 0];
    // A Monday two years ahead: no demo booking, block or holiday.
    let day = `${new Date().getFullYear() + 2}-03-01`;
    while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) day = addDays(day, 1);
    const slots = async (location: number) => booking.freeSlots({ booking_date: day, location_id: location });
    expect((await slots(here)).errors).toEqual({});

    const { id } = await admin.holidays.create({ date: day, name: "Aniversario Casa Matriz", location_id: here });
    expect((await slots(here)).errors).toEqual({ booking_date: [BOOKING_ERRORS.dayUnavailable] });
    expect((await slots(there)).errors).toEqual({});
    const range = await booking.range({ from: day, to: day });
    expect(range.holydays).toContainEqual({ date: day, name: "Aniversario Casa Matriz", location_id: here });

    await admin.holidays.remove({ id });
    expect((await slots(here)).errors).toEqual({});
  });
});
