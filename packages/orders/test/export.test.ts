import { formatShortDateCL, todayIn } from "@taller/core";
import { orders, rolePermissions, roles, users } from "@taller/db";
import { seedScale } from "@taller/db/seed";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { ordersRouter } from "../src";
import { EXPORT_COLUMNS } from "../src/export-xlsx";

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
  it("builds the spreadsheet: sheet 'Data', the export row's headers, one row per order, short Chilean dates", async () => {
    const result = await (await callerFor("asesor@taller.demo")).export({});
    expect(result.filename).toMatch(/^Ordenes de Trabajo \d{2}-\d{2}-\d{4} \d{2}-\d{2}\.xlsx$/);
    expect(result.rows).toBe(app.fx().demo.orderIds.length);
    expect(result.truncated).toBe(false);

    const workbook = await open(result);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Data"]);
    const [headers, ...rows] = rowsOf(workbook.getWorksheet("Data")!);
    expect(headers).toEqual([...EXPORT_COLUMNS, "Motor", "N° Siniestro"]);
    expect(rows).toHaveLength(app.fx().demo.orderIds.length);

    const [newest] = await db()
      .select()
      .from(orders)
      .where(eq(orders.companyId, app.fx().demo.companyId))
      .orderBy(desc(orders.correlativeId))
      .limit(1);
    const order = await (await callerFor("admin@taller.demo")).get({ id: newest!.id });
    const cell = (row: unknown[], column: string) => row[headers!.indexOf(column)];
    const first = rows[0]!;
    expect(cell(first, "correlative_id")).toBe(order.correlative_id);
    expect(cell(first, "client_name")).toBe(order.client?.name ?? null);
    expect(cell(first, "client_rut")).toBe(order.client?.rut ?? null);
    expect(cell(first, "identifier")).toBe(order.object?.identifier ?? null);
    expect(cell(first, "status_name")).toBe(order.status.name);
    expect(cell(first, "technical_user_id")).toBe(order.assignee?.id ?? null);
    expect(cell(first, "check_in_time")).toBe(formatShortDateCL(order.check_in_time));
    expect(cell(first, "check_in_time")).toMatch(/^\d{2}-\d{2}-\d{2}$/);
    expect(cell(first, "Motor")).toBe(order.custom_fields.find((f) => f.key === "$$motor")?.value ?? null);
  });

  it("resolves list-type custom fields to item names and writes dates of delivered orders", async () => {
    const rows = rowsOf((await open(await (await callerFor("admin@taller.demo")).export({}))).getWorksheet("Data")!);
    const headers = rows[0]!;
    const motors = new Set(rows.slice(1).map((r) => r[headers.indexOf("Motor")]));
    expect([...motors].every((m) => m === null || ["Bencina", "Diésel", "Híbrido", "Eléctrico"].includes(m as string))).toBe(true);
    const ended = rows.slice(1).map((r) => r[headers.indexOf("ended_at")]).filter(Boolean);
    expect(ended.length).toBeGreaterThan(0);
    expect(ended.every((d) => /^\d{2}-\d{2}-\d{2}$/.test(d as string))).toBe(true);
  });

  it("applies the status filter, the search and the reception and delivery days in Chile's time", async () => {
    const caller = await callerFor("admin@taller.demo");
    const delivered = app.fx().demo.statusIds.Order[5]!;
    const [sample] = await db()
      .select({ correlativeId: orders.correlativeId, checkIn: orders.checkInTime, endedAt: orders.endedAt })
      .from(orders)
      .where(and(eq(orders.companyId, app.fx().demo.companyId), eq(orders.statusId, delivered), isNotNull(orders.endedAt)))
      .limit(1);
    const receptionDay = todayIn("America/Santiago", sample!.checkIn);
    const deliveryDay = todayIn("America/Santiago", sample!.endedAt!);

    const byReception = await caller.export({ start_check_in: receptionDay, end_check_in: receptionDay });
    const receptionRows = rowsOf((await open(byReception)).getWorksheet("Data")!);
    const checkInColumn = receptionRows[0]!.indexOf("check_in_time");
    expect(receptionRows.slice(1).map((r) => r[0])).toContain(sample!.correlativeId);
    expect(receptionRows.slice(1).every((r) => r[checkInColumn] === formatShortDateCL(sample!.checkIn))).toBe(true);

    const byDelivery = await caller.export({ status_id: [delivered], start_ended_at: deliveryDay, end_ended_at: deliveryDay });
    const deliveryRows = rowsOf((await open(byDelivery)).getWorksheet("Data")!);
    expect(deliveryRows.slice(1).map((r) => r[0])).toContain(sample!.correlativeId);
    expect(deliveryRows.slice(1).every((r) => r[deliveryRows[0]!.indexOf("ended_at")] === formatShortDateCL(sample!.endedAt!))).toBe(true);

    const searched = await caller.export({ search: `#${sample!.correlativeId}` });
    expect(rowsOf((await open(searched)).getWorksheet("Data")!).slice(1).map((r) => r[0])).toContain(sample!.correlativeId);
    expect((await caller.export({ search: "ZZZZ-NO-EXISTE" })).rows).toBe(0);
  });

  it("refuses a range that ends before it starts", async () => {
    const error = await (await callerFor("admin@taller.demo"))
      .export({ start_check_in: "2026-03-10", end_check_in: "2026-03-01" })
      .catch((e: unknown) => e);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
  });

  it("is refused without update on check_in, even with read on it", async () => {
    const [role] = await db().insert(roles).values({ companyId: app.fx().demo.companyId, name: "Recepción" }).returning();
    await db().insert(rolePermissions).values({ roleId: role!.id, action: "read", resource: "check_in" });
    const [reader] = await db()
      .insert(users)
      .values({ companyId: app.fx().demo.companyId, roleId: role!.id, name: "Rita Recepción", email: "recepcion@taller.demo", passwordHash: "x" })
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
    expect(result).toMatchObject({ rows: 1000, truncated: true });
    const rows = rowsOf((await open(result)).getWorksheet("Data")!).slice(1);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 1000 }, (_, i) => 1100 - i));
  });
});
