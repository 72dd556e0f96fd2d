// importClients, the workbook import's upsert of a batch's clients (@taller/manager writes through it), against the
// seeded demo: its raw statement's answer checked against the database, and what it writes and records.
import { clients, queryRows, type UpsertRecord } from "@taller/db";
import { DESCRIBE_ONLY, expectRowOf } from "@taller/testing";
import { useSeededApp } from "@taller/trpc/testing";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type ImportedClient, importClients, importClientsStatement, IMPORTED_CLIENT_IDS } from "../src/write/import";

const app = useSeededApp();

/** A record of what the upsert wrote, in a temporary table of this transaction: (kind, id, previous, written). */
const record: UpsertRecord = {
  created: (inserted) => sql`INSERT INTO recorded (kind, id) SELECT 'created', id FROM (${inserted}) i`,
  updated: (changed) =>
    sql`INSERT INTO recorded (kind, id, previous, written) SELECT 'updated', id, previous, written FROM (${changed}) u`,
};

const client = (rut: string, name: string, more: Partial<ImportedClient> = {}): ImportedClient => ({
  rut,
  name,
  email: null,
  phone: null,
  address: null,
  city: null,
  ...more,
});

describe("importClients", () => {
  it("answers rows whose columns are the schema's (key: clients.rut, id: clients.id)", async () => {
    const { companyId } = app.fx().demo;
    await expectRowOf(
      app.db(),
      importClientsStatement(companyId, [client("1-9", "X")], DESCRIBE_ONLY),
      IMPORTED_CLIENT_IDS,
    );
  });

  it("inserts new RUTs, overwrites only what a row has of an existing client, records both, answers every id", async () => {
    const { companyId } = app.fx().demo;
    const [existing] = await app
      .db()
      .insert(clients)
      .values({ companyId, rut: "11.111.111-1", name: "Antes", email: "antes@x.cl", city: "Talca" })
      .returning({ id: clients.id });
    const { ids, recorded } = await app.db().transaction(async (tx) => {
      await tx.execute(
        sql`CREATE TEMP TABLE recorded (kind text, id int, previous jsonb, written jsonb) ON COMMIT DROP`,
      );
      const ids = await importClients(
        tx,
        companyId,
        [client("11.111.111-1", "Después", { phone: "+56 9 1111 1111" }), client("22.222.222-2", "Nuevo")],
        record,
      );
      const recorded = await queryRows<{ kind: string; id: number; previous: unknown; written: unknown }>(
        tx,
        sql`SELECT kind, id, previous, written FROM recorded ORDER BY kind`,
      );
      return { ids, recorded };
    });
    const [created] = await app
      .db()
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.rut, "22.222.222-2")));
    expect(created?.name).toBe("Nuevo");
    expect(ids).toEqual(
      new Map([
        ["11.111.111-1", existing?.id],
        ["22.222.222-2", created?.id],
      ]),
    );
    const [kept] = await app
      .db()
      .select()
      .from(clients)
      .where(eq(clients.id, existing?.id ?? 0));
    expect(kept).toMatchObject({ name: "Después", email: "antes@x.cl", phone: "+56 9 1111 1111", city: "Talca" });
    const before = { name: "Antes", email: "antes@x.cl", phone: null, address: null, city: "Talca" };
    expect(recorded).toEqual([
      { kind: "created", id: created?.id, previous: null, written: null },
      {
        kind: "updated",
        id: existing?.id,
        previous: before,
        written: { ...before, name: "Después", phone: "+56 9 1111 1111" },
      },
    ]);
  });
});
