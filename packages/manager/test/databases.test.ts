// The operators' databases against a real database: a two-sheet workbook staged and created (its sheet as JSON in the
// file store), operators only; 'Conectar' clicked twice queues one import, which the job runs once; a retry or a
// second connect duplicates nothing; a runner that died is replaced after its heartbeat goes stale; bad rows end in
// 'failed' with their row numbers. 'Eliminar base de datos' takes its files along, 'Quitar conexión' leaves the
// company's rows, and 'Deshacer importación' removes what one import created (never rows it only updated, nor rows
// others point at), once; none of them while a job runs.
import { computeRutDv, formatRut } from "@taller/core";
import { clients, databaseConnections, importCreated, vehicles, type Db } from "@taller/db";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { managerRouter } from "../src";
import { configureDatabaseFiles, jsonRows, stageWorkbook } from "../src/databases/files";
import { memoryFileStore, workbookBytes } from "./workbook";
import { claimConnection, runConnection, runPendingImports, STALE_MS } from "../src/databases/runner";

const createCaller = createCallerFactory(managerRouter);
const app = useSeededApp();
const ctx = () => ({ db: app.db(), bus: app.bus() });
const files = memoryFileStore();
const stored = files.stored;
beforeAll(() => configureDatabaseFiles(files));

const rut = (n: number) => formatRut(`${n}${computeRutDv(n)}`);
const KEYS = [
  { column: "RUT", target: "Client.rut" },
  { column: "Nombre", target: "Client.name" },
  { column: "Ciudad", target: "Client.city" },
];

/** A workbook with a notes sheet and a clients sheet ("Clientes": RUT, Nombre, Ciudad). */
const workbook = (rows: unknown[][]) =>
  workbookBytes({ Notas: [["Exportado del sistema anterior"]], Clientes: [["RUT", "Nombre", "Ciudad"], ...rows] });

const goodRows = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => [rut(from + i), `Cliente Hoja ${from + i}`, "Talca"]);

async function staged(rows: unknown[][]): Promise<string> {
  const result = await stageWorkbook(await workbook(rows));
  if (!result.ok) throw new Error(result.reason);
  return result.upload;
}

async function createDatabase(rows: unknown[][], name = "Clientes antiguos") {
  const operator = createCaller(await app.manager());
  const upload = await staged(rows);
  const created = await operator.databases.create({ name, dbType: "tables", upload, sheet: "Clientes", keys: KEYS });
  if (!created) throw new Error("not created");
  return { operator, id: created.id, upload };
}

const otherId = () => app.fx().other.companyId;
const clientsNamed = async (db: Db, prefix: string) =>
  (
    await db
      .select({ n: count() })
      .from(clients)
      .where(and(eq(clients.companyId, otherId()), eq(clients.city, prefix)))
  )[0]?.n ?? 0;

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (err) {
    return err instanceof TRPCError ? err.code : String(err);
  }
}

describe("staging a workbook", () => {
  it("lists every sheet with its header and rows, and keeps the workbook under databases/", async () => {
    const result = await stageWorkbook(await workbook(goodRows(30_000_000, 3)));
    expect(result).toMatchObject({
      ok: true,
      sheets: [
        { name: "Notas", columns: ["Exportado del sistema anterior"], rows: 0 },
        { name: "Clientes", columns: ["RUT", "Nombre", "Ciudad"], rows: 3 },
      ],
    });
    expect(result.ok && result.upload).toMatch(/^databases\/[\w-]{24}\.xlsx$/);
  });

  it("refuses bytes that are not a workbook", async () => {
    expect(await stageWorkbook(new TextEncoder().encode("PK\u0003\u0004 no es un zip"))).toEqual({
      ok: false,
      reason: "El archivo no es un Excel válido",
    });
  });
});

describe("databases", () => {
  it("are for operators only: staff and anonymous callers are refused", async () => {
    const upload = await staged(goodRows(30_100_000, 1));
    const input = { name: "X", dbType: "tables" as const, upload, sheet: "Clientes", keys: KEYS };
    const staff = createCaller(await app.staff("admin@taller.demo"));
    expect(await codeOf(staff.databases.create(input))).toBe("UNAUTHORIZED");
    expect(await codeOf(staff.databases.list())).toBe("UNAUTHORIZED");
    expect(await codeOf(createCaller(app.anonymous()).databases.connect({ databaseId: 1, companyId: otherId() }))).toBe(
      "UNAUTHORIZED",
    );
  });

  it("creates one from the chosen sheet: its rows as JSON under databases/{random}.json", async () => {
    const { operator, id } = await createDatabase(goodRows(30_200_000, 2));
    const database = await operator.databases.get({ id });
    expect(database).toMatchObject({
      name: "Clientes antiguos",
      dbType: "tables",
      sheet: "Clientes",
      rowCount: 2,
      connections: [],
    });
    // What 'Hoja' offers: the workbook's sheets that have a header row.
    expect(database.sheets).toEqual(["Notas", "Clientes"]);
    expect(database.fileKey).toMatch(/^databases\/[\w-]{24}\.json$/);
    const json = JSON.parse(Buffer.from(stored.get(database.fileKey) ?? []).toString()) as unknown;
    expect(json).toEqual([
      { row: 2, values: { RUT: rut(30_200_000), Nombre: "Cliente Hoja 30200000", Ciudad: "Talca" } },
      { row: 3, values: { RUT: rut(30_200_001), Nombre: "Cliente Hoja 30200001", Ciudad: "Talca" } },
    ]);
    const rows = [];
    for await (const row of jsonRows(database.fileKey)) rows.push(row);
    expect(rows).toEqual(json);
  });

  it("refuses a mapping to a column the sheet lacks, a sheet the workbook lacks, and an unknown upload", async () => {
    const operator = createCaller(await app.manager());
    const upload = await staged(goodRows(30_300_000, 1));
    const base = { name: "X", dbType: "tables" as const, upload, sheet: "Clientes", keys: KEYS };
    await expect(
      operator.databases.create({ ...base, keys: [{ column: "Patente", target: "Vehicle.identifier" }] }),
    ).rejects.toThrow("La hoja Clientes no tiene la columna Patente");
    await expect(operator.databases.create({ ...base, sheet: "Otra" })).rejects.toThrow(
      "El Excel no tiene la hoja Otra",
    );
    expect(await codeOf(operator.databases.create({ ...base, upload: `databases/${"b".repeat(24)}.xlsx` }))).toBe(
      "NOT_FOUND",
    );
    expect(await codeOf(operator.databases.create({ ...base, upload: "../../etc/passwd" }))).toBe("BAD_REQUEST");
  });
});

describe("Conectar", () => {
  it("queues one import however often it is clicked; the job imports every row once", async () => {
    const { operator, id } = await createDatabase(goodRows(31_000_000, 5).map((r) => [r[0], r[1], "Curicó"]));
    const clicks = await Promise.all(
      [1, 2, 3].map(() => operator.databases.connect({ databaseId: id, companyId: otherId() })),
    );
    expect(new Set(clicks.map((c) => c?.id)).size).toBe(1);
    expect(clicks.every((c) => c?.status === "pending")).toBe(true);
    const announced: string[] = [];
    const unsubscribe = app.bus().subscribe((e) => {
      if (e.companyId === otherId()) announced.push(`${e.type} ${JSON.stringify(e.payload)}`);
    });
    expect(await runPendingImports(ctx())).toBe(1);
    // Open client and vehicle lists of the company refetch.
    await expect.poll(() => announced.sort()).toEqual(['client.changed {"all":true}', 'vehicle.changed {"all":true}']);
    unsubscribe();
    expect(await runPendingImports(ctx())).toBe(0);
    const [connection] = (await operator.databases.get({ id })).connections;
    expect(connection).toMatchObject({
      companyName: "Otro Taller",
      status: "connected",
      rowsDone: 5,
      rowsTotal: 5,
      errors: [],
    });
    expect(await clientsNamed(app.db(), "Curicó")).toBe(5);

    // Connected: a new click imports again, and the upserts leave five clients. Only the latest import can be
    // undone, so the first one's record of what it created goes.
    const firstBatch = connection?.batchId ?? "";
    expect(
      await app.db().select({ n: count() }).from(importCreated).where(eq(importCreated.batchId, firstBatch)),
    ).not.toEqual([{ n: 0 }]);
    expect(await operator.databases.connect({ databaseId: id, companyId: otherId() })).toMatchObject({
      status: "pending",
    });
    expect(
      await app.db().select({ n: count() }).from(importCreated).where(eq(importCreated.batchId, firstBatch)),
    ).toEqual([{ n: 0 }]);
    await runPendingImports(ctx());
    expect(await clientsNamed(app.db(), "Curicó")).toBe(5);
  });

  it("an import cut short is claimed again once its heartbeat is stale, under the same batch, writing nothing twice", async () => {
    const { operator, id } = await createDatabase(goodRows(32_000_000, 3).map((r) => [r[0], r[1], "Linares"]));
    await operator.databases.connect({ databaseId: id, companyId: otherId() });
    const first = await claimConnection(app.db());
    expect(first).not.toBeNull();
    // The first runner "dies" here. Before its heartbeat is stale, nobody else takes the connection.
    expect(await claimConnection(app.db())).toBeNull();
    const retry = await claimConnection(app.db(), new Date(Date.now() + STALE_MS + 1_000));
    expect(retry).toMatchObject({ id: first?.id, batch_id: first?.batch_id });
    if (!first || !retry) throw new Error("unclaimed");
    expect(await runConnection(ctx(), retry)).toBe("connected");
    // The dead runner coming back finds its claim gone: it writes no status.
    await runConnection(ctx(), first);
    const [connection] = (await operator.databases.get({ id })).connections;
    expect(connection?.status).toBe("connected");
    expect(await clientsNamed(app.db(), "Linares")).toBe(3);
  });

  it("a sheet with bad rows ends failed with each row number and reason, and imports nothing", async () => {
    const { operator, id } = await createDatabase([
      [rut(33_000_000), "Bueno", "Molina"],
      ["12.345.678-9", "RUT malo", "Molina"],
      [rut(33_000_002), "", "Molina"],
    ]);
    await operator.databases.connect({ databaseId: id, companyId: otherId() });
    await runPendingImports(ctx());
    const [connection] = (await operator.databases.get({ id })).connections;
    expect(connection).toMatchObject({
      status: "failed",
      errors: [
        { row: 3, reason: "RUT inválido: 12.345.678-9" },
        { row: 4, reason: "Falta el nombre del cliente" },
      ],
    });
    expect(await clientsNamed(app.db(), "Molina")).toBe(0);
  });

  it("ACTUALIZAR with a new workbook replaces the data and queues the connections again", async () => {
    const { operator, id } = await createDatabase(goodRows(34_000_000, 1).map((r) => [r[0], r[1], "Parral"]));
    await operator.databases.connect({ databaseId: id, companyId: otherId() });
    await runPendingImports(ctx());
    // A workbook whose clients are on another sheet: the sheet in use is not there, then the one chosen is.
    const result = await stageWorkbook(
      await workbookBytes({
        Datos2025: [["RUT", "Nombre", "Ciudad"], ...goodRows(34_000_000, 4).map((r) => [r[0], r[1], "Parral"])],
      }),
    );
    if (!result.ok) throw new Error(result.reason);
    const upload = result.upload;
    await expect(operator.databases.update({ id, name: "Clientes 2025", sheet: "Clientes", upload })).rejects.toThrow(
      "El Excel no tiene la hoja Clientes",
    );
    await operator.databases.update({ id, name: "Clientes 2025", sheet: "Datos2025", upload });
    const updated = await operator.databases.get({ id });
    expect(updated).toMatchObject({
      name: "Clientes 2025",
      sheet: "Datos2025",
      sheets: ["Datos2025"],
      rowCount: 4,
      connections: [{ status: "pending", rowsDone: 0 }],
    });
    await runPendingImports(ctx());
    expect(await clientsNamed(app.db(), "Parral")).toBe(4);
  });

  it("refuses a company or database that does not exist", async () => {
    const { operator, id } = await createDatabase(goodRows(35_000_000, 1));
    expect(await codeOf(operator.databases.connect({ databaseId: id, companyId: 2 ** 31 - 1 }))).toBe("NOT_FOUND");
    expect(await codeOf(operator.databases.connect({ databaseId: 2 ** 31 - 1, companyId: otherId() }))).toBe(
      "NOT_FOUND",
    );
    expect(
      await app
        .db()
        .select({ n: count() })
        .from(databaseConnections)
        .where(eq(databaseConnections.managerDatabaseId, id)),
    ).toEqual([{ n: 0 }]);
  });
});

/** A database of `rows` connected to Otro Taller and imported by the job; answers the connection too. */
async function imported(rows: unknown[][]) {
  const made = await createDatabase(rows);
  const connection = await made.operator.databases.connect({ databaseId: made.id, companyId: otherId() });
  if (!connection) throw new Error("not connected");
  await runPendingImports(ctx());
  return { ...made, connectionId: connection.id };
}

const connectionOf = async (operator: ReturnType<typeof createCaller>, id: number) =>
  (await operator.databases.get({ id })).connections[0];

/** Marks the connection as being imported right now (as a runner's claim does), for the refusals. */
const markConnecting = (connectionId: number) =>
  app
    .db()
    .update(databaseConnections)
    .set({ status: "connecting", heartbeatAt: new Date() })
    .where(eq(databaseConnections.id, connectionId));

describe("Eliminar base de datos", () => {
  it("deletes the database, its connections and both of its files; the company keeps the imported rows", async () => {
    const { operator, id, upload } = await imported(goodRows(36_000_000, 2).map((r) => [r[0], r[1], "Cauquenes"]));
    const { fileKey } = await operator.databases.get({ id });
    expect(stored.has(fileKey) && stored.has(upload)).toBe(true);
    expect(await operator.databases.remove({ id })).toEqual({ id });
    expect(await codeOf(operator.databases.get({ id }))).toBe("NOT_FOUND");
    expect(stored.has(fileKey) || stored.has(upload)).toBe(false);
    expect(
      await app
        .db()
        .select({ n: count() })
        .from(databaseConnections)
        .where(eq(databaseConnections.managerDatabaseId, id)),
    ).toEqual([{ n: 0 }]);
    expect(await clientsNamed(app.db(), "Cauquenes")).toBe(2);
    expect(await codeOf(operator.databases.remove({ id }))).toBe("NOT_FOUND");
  });

  it("is refused while an import runs, and for staff", async () => {
    const { operator, id, connectionId } = await imported(goodRows(36_100_000, 1));
    await markConnecting(connectionId);
    await expect(operator.databases.remove({ id })).rejects.toThrow(
      "Hay una importación en curso; espera a que termine",
    );
    expect(await codeOf(createCaller(await app.staff("admin@taller.demo")).databases.remove({ id }))).toBe(
      "UNAUTHORIZED",
    );
    expect((await operator.databases.get({ id })).id).toBe(id);
  });
});

describe("Quitar conexión", () => {
  it("removes the link and leaves the company's rows; refused while the import runs", async () => {
    const { operator, id, connectionId } = await imported(
      goodRows(37_000_000, 2).map((r) => [r[0], r[1], "Constitución"]),
    );
    const [created] = await app
      .db()
      .select({ n: count() })
      .from(importCreated)
      .where(eq(importCreated.companyId, otherId()));
    await markConnecting(connectionId);
    await expect(operator.databases.removeConnection({ connectionId })).rejects.toThrow(
      "Hay una importación en curso; espera a que termine",
    );
    await app
      .db()
      .update(databaseConnections)
      .set({ status: "connected" })
      .where(eq(databaseConnections.id, connectionId));
    expect(await codeOf(createCaller(app.anonymous()).databases.removeConnection({ connectionId }))).toBe(
      "UNAUTHORIZED",
    );
    expect(await operator.databases.removeConnection({ connectionId })).toEqual({ id: connectionId });
    expect((await operator.databases.get({ id })).connections).toEqual([]);
    expect(await clientsNamed(app.db(), "Constitución")).toBe(2);
    // Its batch can no longer be undone: the record of what it created is gone with it.
    const [after] = await app
      .db()
      .select({ n: count() })
      .from(importCreated)
      .where(eq(importCreated.companyId, otherId()));
    expect(after?.n).toBe((created?.n ?? 0) - 1);
    expect(await codeOf(operator.databases.removeConnection({ connectionId }))).toBe("NOT_FOUND");
  });
});

describe("Deshacer importación", () => {
  it("removes what the import created, puts back what it updated, keeps what others point at, once, as a visible job", async () => {
    const rows = goodRows(38_000_000, 4).map((r) => [r[0], r[1], "Pelarco"]);
    // The first RUT was a client before the import (which renames it): it survives the undo, renamed back.
    const [existing] = await app
      .db()
      .insert(clients)
      .values({ companyId: otherId(), rut: String(rows[0]?.[0]), name: "Cliente previo" })
      .returning();
    const { operator, id, connectionId } = await imported(rows);
    expect(await clientsNamed(app.db(), "Pelarco")).toBe(4);
    // Someone attaches a vehicle to the second imported client afterwards: that client must stay.
    const [second] = await app
      .db()
      .select()
      .from(clients)
      .where(and(eq(clients.companyId, otherId()), eq(clients.rut, String(rows[1]?.[0]))));
    await app.db().insert(vehicles).values({ companyId: otherId(), identifier: "UNDO01", clientId: second?.id });

    const clicks = await Promise.all([1, 2].map(() => operator.databases.undoImport({ connectionId })));
    expect(clicks.map((c) => c.status)).toEqual(["undo_pending", "undo_pending"]);
    expect(await connectionOf(operator, id)).toMatchObject({ status: "undo_pending" });
    expect(await runPendingImports(ctx())).toBe(1);
    expect(await runPendingImports(ctx())).toBe(0);
    expect(await connectionOf(operator, id)).toMatchObject({
      status: "undone",
      rollback: { deleted: 2, restored: 1, kept: { clients: 1 } },
    });
    const left = await app
      .db()
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.companyId, otherId()), eq(clients.city, "Pelarco")));
    expect(left.map((c) => c.id)).toEqual([second?.id]);
    const [before] = await app
      .db()
      .select({ name: clients.name, city: clients.city })
      .from(clients)
      .where(eq(clients.id, existing?.id ?? 0));
    expect(before).toEqual({ name: "Cliente previo", city: null });

    // Once: an undone import cannot be undone again; connecting again imports afresh.
    await expect(operator.databases.undoImport({ connectionId })).rejects.toThrow("Esta importación ya se deshizo");
    await operator.databases.connect({ databaseId: id, companyId: otherId() });
    await runPendingImports(ctx());
    expect(await connectionOf(operator, id)).toMatchObject({ status: "connected", rollback: null });
    expect(await clientsNamed(app.db(), "Pelarco")).toBe(4);
  });

  it("is refused while the import is queued or running, for staff, and for a connection that does not exist", async () => {
    const { operator, connectionId } = await imported(goodRows(38_100_000, 1));
    await markConnecting(connectionId);
    await expect(operator.databases.undoImport({ connectionId })).rejects.toThrow(
      "La importación aún no termina; espera a que termine",
    );
    expect(
      await codeOf(createCaller(await app.staff("admin@taller.demo")).databases.undoImport({ connectionId })),
    ).toBe("UNAUTHORIZED");
    expect(await codeOf(operator.databases.undoImport({ connectionId: 2 ** 31 - 1 }))).toBe("NOT_FOUND");
  });

  it("while it is queued, neither the connection nor the database can be removed, nor its data replaced", async () => {
    const { operator, id, connectionId } = await imported(goodRows(38_200_000, 1));
    await operator.databases.undoImport({ connectionId });
    const waiting = "Se está deshaciendo una importación; espera a que termine";
    await expect(operator.databases.removeConnection({ connectionId })).rejects.toThrow(waiting);
    await expect(operator.databases.remove({ id })).rejects.toThrow(waiting);
    await expect(
      operator.databases.update({ id, name: "Otra", sheet: "Clientes", upload: await staged(goodRows(38_200_000, 2)) }),
    ).rejects.toThrow(waiting);
  });

  it("two runners on one undo (the second reclaimed it after a stale heartbeat) delete once and report once", async () => {
    const { operator, id, connectionId } = await imported(goodRows(38_300_000, 2).map((r) => [r[0], r[1], "Retiro"]));
    await operator.databases.undoImport({ connectionId });
    const first = await claimConnection(app.db());
    expect(first).toMatchObject({ id: connectionId, status: "undoing" });
    const retry = await claimConnection(app.db(), new Date(Date.now() + STALE_MS + 1_000));
    if (!first || !retry) throw new Error("unclaimed");
    await Promise.all([runConnection(ctx(), first), runConnection(ctx(), retry)]);
    expect(await clientsNamed(app.db(), "Retiro")).toBe(0);
    expect(await connectionOf(operator, id)).toMatchObject({ status: "undone", rollback: { deleted: 2, kept: {} } });
  });
});
