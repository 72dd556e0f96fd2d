import { todayIn, wallClockDate } from "@taller/core";
import { orders, rolePermissions, roles, users } from "@taller/db";
import { seedScale } from "@taller/db/seed";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { allPages, useSeededApp } from "@taller/trpc/testing";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { ordersRouter } from "../src";
import { EXPORT_COLUMNS, SHORT_DATE_FORMAT } from "../src/export-xlsx";

const header = (key: string) => EXPORT_COLUMNS.find(([k]) => k === key)![1];
/** Same calendar day in Chile (date cells hold Chile's wall-clock time). */
const sameDay = (cell: unknown, instant: Date | string) =>
  cell instanceof Date && cell.toISOString().slice(0, 10) === wallClockDate(instant).toISOString().slice(0, 10);

const createCaller = createCallerFactory(ordersRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const db = () => app.db();

async function open(result: { base64: string }) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(result.base64, "base64") as unknown as ExcelJS.Buffer);
  return workbook;
}
/** The sheet's rows as arrays of cell values (exceljs rows are 1-based with a hole at 0). */
const rowsOf = (sheet: ExcelJS.Worksheet) =>
  sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1).map((v) => v ?? null)] : []));

describe("orders.export", () => {
  it("builds the spreadsheet: sheet 'Data', Spanish headers in the spec's order, one row per order, date cells", async () => {
    const result = await (await callerFor("asesor@taller.demo")).export({});
    expect(result.filename).toMatch(/^Órdenes de Trabajo \d{2}-\d{2}-\d{4} \d{2}-\d{2}\.xlsx$/);
    expect(result.rows).toBe(app.fx().demo.orderIds.length);
    expect(result).toMatchObject({ truncated: false, left_out: 0 });

    const workbook = await open(result);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Data"]);
    const sheet = workbook.getWorksheet("Data")!;
    const [headers, ...rows] = rowsOf(sheet);
    expect(headers).toEqual([...EXPORT_COLUMNS.map(([, h]) => h), "Motor", "N° Siniestro"]);
    // Real date cells in the es-CL short format.
    const checkInCell = sheet.getRow(2).getCell(headers!.indexOf(header("check_in_time")) + 1);
    expect(checkInCell.value).toBeInstanceOf(Date);
    expect(checkInCell.numFmt).toBe(SHORT_DATE_FORMAT);
    expect(rows).toHaveLength(app.fx().demo.orderIds.length);

    const [newest] = await db()
      .select()
      .from(orders)
      .where(eq(orders.companyId, app.fx().demo.companyId))
      .orderBy(desc(orders.correlativeId))
      .limit(1);
    const order = await (await callerFor("admin@taller.demo")).get({ id: newest!.id });
    const cell = (row: unknown[], column: string) =>
      row[headers!.indexOf(column === "Motor" ? column : header(column))];
    const first = rows[0]!;
    expect(cell(first, "correlative_id")).toBe(order.correlative_id);
    expect(cell(first, "client_name")).toBe(order.client?.name ?? null);
    expect(cell(first, "client_rut")).toBe(order.client?.rut ?? null);
    expect(cell(first, "identifier")).toBe(order.object?.identifier ?? null);
    expect(cell(first, "status_name")).toBe(order.status.name);
    expect(cell(first, "technical_user_id")).toBe(order.assignee?.id ?? null);
    expect(cell(first, "check_in_time")).toEqual(wallClockDate(order.check_in_time));
    expect(cell(first, "Motor")).toBe(order.custom_fields.find((f) => f.key === "$$motor")?.value ?? null);
  });

  it("resolves list-type custom fields to item names and writes dates of delivered orders", async () => {
    const rows = rowsOf((await open(await (await callerFor("admin@taller.demo")).export({}))).getWorksheet("Data")!);
    const headers = rows[0]!;
    const motors = new Set(rows.slice(1).map((r) => r[headers.indexOf("Motor")]));
    expect(
      [...motors].every((m) => m === null || ["Bencina", "Diésel", "Híbrido", "Eléctrico"].includes(m as string)),
    ).toBe(true);
    const ended = rows
      .slice(1)
      .map((r) => r[headers.indexOf(header("ended_at"))])
      .filter(Boolean);
    expect(ended.length).toBeGreaterThan(0);
    expect(ended.every((d) => d instanceof Date)).toBe(true);
  });

  it("applies the status filter, the search and the reception and delivery days in Chile's time", async () => {
    const caller = await callerFor("admin@taller.demo");
    const delivered = app.fx().demo.statusIds.Order[5]!;
    const [sample] = await db()
      .select({ correlativeId: orders.correlativeId, checkIn: orders.checkInTime, endedAt: orders.endedAt })
      .from(orders)
      .where(
        and(eq(orders.companyId, app.fx().demo.companyId), eq(orders.statusId, delivered), isNotNull(orders.endedAt)),
      )
      .limit(1);
    const receptionDay = todayIn("America/Santiago", sample!.checkIn);
    const deliveryDay = todayIn("America/Santiago", sample!.endedAt!);

    const byReception = await caller.export({ start_check_in: receptionDay, end_check_in: receptionDay });
    const receptionRows = rowsOf((await open(byReception)).getWorksheet("Data")!);
    const checkInColumn = receptionRows[0]!.indexOf(header("check_in_time"));
    expect(receptionRows.slice(1).map((r) => r[0])).toContain(sample!.correlativeId);
    expect(receptionRows.slice(1).every((r) => sameDay(r[checkInColumn], sample!.checkIn))).toBe(true);

    const byDelivery = await caller.export({
      status_id: [delivered],
      start_ended_at: deliveryDay,
      end_ended_at: deliveryDay,
    });
    const deliveryRows = rowsOf((await open(byDelivery)).getWorksheet("Data")!);
    expect(deliveryRows.slice(1).map((r) => r[0])).toContain(sample!.correlativeId);
    expect(
      deliveryRows.slice(1).every((r) => sameDay(r[deliveryRows[0]!.indexOf(header("ended_at"))], sample!.endedAt!)),
    ).toBe(true);

    const searched = await caller.export({ search: `#${sample!.correlativeId}` });
    expect(
      rowsOf((await open(searched)).getWorksheet("Data")!)
        .slice(1)
        .map((r) => r[0]),
    ).toContain(sample!.correlativeId);
    expect((await caller.export({ search: "ZZZZ-NO-EXISTE" })).rows).toBe(0);
  });

  it("honours every filter of the list: budget statuses, locations and own orders", async () => {
    const caller = await callerFor("admin@taller.demo");
    const all = await db()
      .select({ correlativeId: orders.correlativeId, budget: orders.lastBudgetStatusId, locationId: orders.locationId })
      .from(orders)
      .where(eq(orders.companyId, app.fx().demo.companyId));
    const exported = async (input: Parameters<typeof caller.export>[0]) =>
      rowsOf((await open(await caller.export(input))).getWorksheet("Data")!)
        .slice(1)
        .map((r) => r[0] as number)
        .sort((a, b) => a - b);
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

    expect(await exported({ budget_status_id: [-1] })).toEqual(
      sorted(all.filter((o) => o.budget === null).map((o) => o.correlativeId)),
    );
    const [first] = app.fx().demo.locationIds;
    expect(await exported({ location_ids: [first!] })).toEqual(
      sorted(all.filter((o) => o.locationId === first).map((o) => o.correlativeId)),
    );
    // What the list shows is what the file holds, filter for filter.
    const input = { budget_status_id: [-1], location_ids: [first!], search: "a" };
    const listed = await allPages((cursor) => caller.list({ ...input, cursor }));
    expect(await exported(input)).toEqual(sorted(listed.flatMap((p) => p.orders.map((o) => o.correlative_id))));
  });

  it("exports one file per user at a time: a second export while the first runs is refused in Spanish", async () => {
    const caller = await callerFor("admin@taller.demo");
    const [one, two] = await Promise.allSettled([caller.export({}), caller.export({})]);
    expect(one.status).toBe("fulfilled");
    expect(two.status).toBe("rejected");
    const error = (two as PromiseRejectedResult).reason as TRPCError;
    expect(error.code).toBe("TOO_MANY_REQUESTS");
    expect(error.message).toMatch(/^Ya tienes una exportación en curso/);
    // Once it finished, the next one runs; another user is never held up by it.
    await expect(caller.export({ search: "ZZZZ-NO-EXISTE" })).resolves.toMatchObject({ rows: 0 });
    const [mine, theirs] = await Promise.all([
      caller.export({ search: "ZZZZ" }),
      (await callerFor("asesor@taller.demo")).export({ search: "ZZZZ" }),
    ]);
    expect([mine.rows, theirs.rows]).toEqual([0, 0]);
  });

  it("refuses a range that ends before it starts", async () => {
    const error = await (
      await callerFor("admin@taller.demo")
    )
      .export({ start_check_in: "2026-03-10", end_check_in: "2026-03-01" })
      .catch((e: unknown) => e);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
  });

  it("is refused without update on check_in, even with read on it", async () => {
    const [role] = await db()
      .insert(roles)
      .values({ companyId: app.fx().demo.companyId, name: "Recepción" })
      .returning();
    await db().insert(rolePermissions).values({ roleId: role!.id, action: "read", resource: "check_in" });
    const [reader] = await db()
      .insert(users)
      .values({
        companyId: app.fx().demo.companyId,
        roleId: role!.id,
        name: "Rita Recepción",
        email: "recepcion@taller.demo",
        passwordHash: "x",
      })
      .returning();
    for (const email of [reader!.email, "tecnico@taller.demo"]) {
      const error = await (await callerFor(email)).export({}).catch((e: unknown) => e);
      expect(error, email).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe("FORBIDDEN");
    }
    expect((await (await callerFor(reader!.email)).list({})).total).toBe(app.fx().demo.orderIds.length);
  });

  it("holds at most 1000 orders, the newest, and says when there were more", async () => {
    await seedScale(db(), { orders: 1100 });
    const result = await (await callerFor("admin@escala.demo")).export({});
    expect(result).toMatchObject({ rows: 1000, truncated: true, left_out: 100, left_out_capped: false });
    // With a date range the matches are counted directly.
    const dated = await (await callerFor("admin@escala.demo")).export({ start_check_in: "2000-01-01" });
    expect(dated).toMatchObject({ rows: 1000, left_out: 100, left_out_capped: false });
    const rows = rowsOf((await open(result)).getWorksheet("Data")!).slice(1);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 1000 }, (_, i) => 1100 - i));
  });
});
