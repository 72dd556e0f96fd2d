// POST /files/databases: an operator's workbook. Operators only (staff and anonymous refused), the app's header, .xlsx
// only (by type and by bytes), the size limit; a good workbook answers its sheets and lands in the file store.
// GET /files/databases/{id} ('Url DB'): the database's sheet as JSON, to operators only.
import { randomBytes } from "node:crypto";
import {
  CLIENT_HEADER,
  DATABASE_UPLOAD_PATH,
  databaseDownloadPath,
  MAX_DATABASE_WORKBOOK_BYTES,
  XLSX_TYPE,
} from "@taller/core";
import { managerSessions, managerUsers } from "@taller/db";
import { sha256 } from "@taller/trpc";
import { workbookBytes } from "@taller/manager/test-workbook";
import { beforeAll, describe, expect, it } from "vitest";
import { expectLinkPage, JSON_POST, loginCookie, NAVIGATION, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let operator: string;
let staff: string;
beforeAll(async () => {
  server = await startTestServer();
  return () => server.close();
});
beforeAll(async () => {
  const db = server.tdb.database.db;
  const [user] = await db
    .insert(managerUsers)
    .values({ email: "ops@test.invalid", name: "Ops", passwordHash: "-", totpSecret: "-" })
    .returning();
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(managerSessions)
    .values({ id: sha256(token), managerUserId: user?.id ?? 0, expiresAt: new Date(Date.now() + 3600_000) });
  operator = `taller_manager=${token}`;
  staff = await loginCookie(server.url, "admin@taller.demo");
});

const xlsx = () =>
  workbookBytes({
    Notas: [["nota"]],
    Clientes: [
      ["RUT", "Nombre"],
      ["11.111.111-1", "Ana"],
    ],
  });

const post = (body: Uint8Array, headers: Record<string, string>) =>
  fetch(`${server.url}${DATABASE_UPLOAD_PATH}`, {
    method: "POST",
    body,
    headers: { [CLIENT_HEADER]: "web", "content-type": XLSX_TYPE, ...headers },
  });

describe("POST /files/databases", () => {
  it("answers an operator the upload key and every sheet's header and rows", async () => {
    const res = await post(await xlsx(), { cookie: operator });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { upload: string; sheets: unknown };
    expect(body.upload).toMatch(/^databases\/[\w-]{24}\.xlsx$/);
    expect(body.sheets).toEqual([
      { name: "Notas", columns: ["nota"], rows: 0 },
      { name: "Clientes", columns: ["RUT", "Nombre"], rows: 1 },
    ]);
  });

  it("refuses staff sessions, anonymous callers and requests without the app's header", async () => {
    const bytes = await xlsx();
    expect((await post(bytes, { cookie: staff })).status).toBe(401);
    expect((await post(bytes, {})).status).toBe(401);
    const res = await fetch(`${server.url}${DATABASE_UPLOAD_PATH}`, {
      method: "POST",
      body: bytes,
      headers: { cookie: operator, "content-type": XLSX_TYPE },
    });
    expect(res.status).toBe(403);
  });

  it("refuses other types, bytes that are not a workbook, and bodies over the limit", async () => {
    expect((await post(await xlsx(), { cookie: operator, "content-type": "text/csv" })).status).toBe(400);
    const notZip = await post(new TextEncoder().encode("RUT;Nombre\n1;Ana"), { cookie: operator });
    expect(notZip.status).toBe(400);
    expect(await notZip.json()).toEqual({ error: "Sube un archivo Excel (.xlsx)" });
    const brokenZip = await post(new TextEncoder().encode("PK\u0003\u0004roto"), { cookie: operator });
    expect(await brokenZip.json()).toEqual({ error: "El archivo no es un Excel válido" });
    const big = await post(new Uint8Array(MAX_DATABASE_WORKBOOK_BYTES + 1), { cookie: operator });
    expect(big.status).toBe(413);
  });
});

describe("GET /files/databases/{id}", () => {
  it("gives an operator the database's sheet as the JSON the import reads, and nobody else", async () => {
    const { upload } = (await (await post(await xlsx(), { cookie: operator })).json()) as { upload: string };
    const created = await fetch(`${server.url}/trpc/manager.databases.create`, {
      method: "POST",
      headers: { ...JSON_POST, cookie: operator },
      body: JSON.stringify({
        json: {
          name: "Planilla",
          dbType: "tables",
          upload,
          sheet: "Clientes",
          keys: [{ column: "RUT", target: "Client.rut" }],
        },
      }),
    });
    const id = ((await created.json()) as { result: { data: { json: { id: number } } } }).result.data.json.id;

    const res = await fetch(`${server.url}${databaseDownloadPath(id)}`, { headers: { cookie: operator } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="base-de-datos-${id}.json"`);
    expect(await res.json()).toEqual([{ row: 2, values: { RUT: "11.111.111-1", Nombre: "Ana" } }]);

    expect((await fetch(`${server.url}${databaseDownloadPath(id)}`, { headers: { cookie: staff } })).status).toBe(401);
    expect((await fetch(`${server.url}${databaseDownloadPath(id)}`)).status).toBe(401);
    expect(
      (await fetch(`${server.url}${databaseDownloadPath(999_999)}`, { headers: { cookie: operator } })).status,
    ).toBe(404);
    // The operator's link opened in a tab: a page.
    await expectLinkPage(
      fetch(`${server.url}${databaseDownloadPath(999_999)}`, { headers: { cookie: operator, ...NAVIGATION } }),
      404,
      "Base de datos no encontrada",
    );
    await expectLinkPage(fetch(`${server.url}${databaseDownloadPath(id)}`, { headers: NAVIGATION }), 401, "sesión");
    expect(
      (await fetch(`${server.url}${databaseDownloadPath(id)}`, { method: "DELETE", headers: { cookie: operator } }))
        .status,
    ).toBe(405);
  });
});
