// crm.createClient / updateClient / mergeClients against the seeded demo: the client's data rules, one RUT per
// company held by the database (two concurrent creates: one client and a field error), and a merge that moves every
// row naming the duplicate, read from the database catalog so a new table with a client_id cannot be forgotten.
import { CLIENT_TEXTS, clientDataSchema, formatChileanPhone } from "@taller/core";
import { clients, queryRows } from "@taller/db";
import { createCallerFactory, fieldErrorsFromIssues } from "@taller/trpc";
import { refusal, refusalOf, useSeededApp } from "@taller/trpc/testing";
import { and, eq, getTableName, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { crmRouter } from "../src";
import { CLIENT_REFERENCES } from "../src/client-write";

const createCaller = createCallerFactory(crmRouter);
const app = useSeededApp();
const admin = async () => createCaller(await app.staff("admin@taller.demo"));
const other = async () => createCaller(await app.staff("admin@otro.demo"));

/** Every (table, column) with a foreign key to clients, from the database catalog. */
async function clientReferences() {
  return queryRows<{ table_name: string; column_name: string }>(
    app.db(),
    sql`SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.contype = 'f' AND c.confrelid = 'clients'::regclass AND a.attname <> 'company_id'
        ORDER BY 1`,
  );
}

describe("client data", () => {
  it("formats the RUT and a Chilean phone, and says in Spanish what is wrong", () => {
    const parsed = clientDataSchema.parse({ name: " Rosa ", rut: "76543216", phone: "9 5555 1234", email: "" });
    expect(parsed).toMatchObject({ name: "Rosa", rut: "7.654.321-6", phone: "+56 9 5555 1234", email: null });
    expect(formatChileanPhone("+56955551234")).toBe("+56 9 5555 1234");
    expect(formatChileanPhone("5555")).toBeNull();
    const bad = clientDataSchema.safeParse({ name: "R", rut: "7.654.321-0", phone: "123", email: "no" });
    expect(bad.success).toBe(false);
    expect(fieldErrorsFromIssues(bad.error!.issues).fieldErrors).toEqual({
      rut: [CLIENT_TEXTS.badRut],
      phone: [CLIENT_TEXTS.badPhone],
      email: [CLIENT_TEXTS.badEmail],
    });
  });
});

describe("crm.createClient and crm.updateClient", () => {
  it("holds one RUT per company: two concurrent creates make one client, the other a field error", async () => {
    const [a, b] = await Promise.all([admin(), admin()]);
    const results = await Promise.allSettled([
      a.createClient({ name: "Rosa Reyes", rut: "15.432.198-5" }),
      b.createClient({ name: "Rosa Reyes", rut: "154321985" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refusalOf(rejected.reason)).toEqual({
      code: "CONFLICT",
      fields: { rut: ["Ese RUT ya está registrado en Clientes"] },
    });
    // Another company may have the same person.
    await expect((await other()).createClient({ name: "Rosa Reyes", rut: "15.432.198-5" })).resolves.toMatchObject({
      rut: "15.432.198-5",
    });
  });

  it("updates a client, refusing another client's RUT on its field and another company's client", async () => {
    const caller = await admin();
    const [first, second] = app.fx().demo.clientIds;
    const taken = (await caller.clientDetail({ id: first! })).client.rut!;
    const updated = await caller.updateClient({ id: second!, name: "Pedro Pérez", phone: "+56 2 2345 6789" });
    expect(updated).toMatchObject({ name: "Pedro Pérez", phone: "+56 2 2345 6789", rut: null });
    expect(await refusal(caller.updateClient({ id: second!, name: "Pedro Pérez", rut: taken }))).toEqual({
      code: "CONFLICT",
      fields: { rut: ["Ese RUT ya está registrado en Clientes"] },
    });
    const intruder = (await other()).updateClient({ id: first!, name: "Intruso" });
    await expect(intruder).rejects.toMatchObject({ code: "NOT_FOUND", message: "Cliente inexistente" });
  });
});

describe("crm.mergeClients", () => {
  it("lists every table with a client_id foreign key as one the merge moves", async () => {
    const catalog = await clientReferences();
    expect(catalog.every((r) => r.column_name === "client_id")).toBe(true);
    expect(catalog.map((r) => r.table_name).sort()).toEqual(CLIENT_REFERENCES.map((t) => getTableName(t)).sort());
  });

  it("moves every row naming the duplicate to the kept client, in one go, and deletes the duplicate", async () => {
    const companyId = app.fx().demo.companyId;
    const caller = await admin();
    const into = await caller.createClient({ name: "Marta Muñoz", email: "marta@example.com" });
    const from = await caller.createClient({ name: "Marta Munoz", rut: "11.111.111-1", phone: "+56 9 1111 2222" });
    // One row of every referencing table (as the catalog lists them) comes to name the duplicate.
    const catalog = await clientReferences();
    for (const { table_name: table } of catalog) {
      const t = sql.identifier(table);
      const [row] = await queryRows<{ id: number }>(
        app.db(),
        sql`UPDATE ${t} SET client_id = ${from.id}
            WHERE id = (SELECT id FROM ${t} WHERE company_id = ${companyId} ORDER BY id LIMIT 1) RETURNING id`,
      );
      expect(row, `${table} has a demo row`).toBeDefined();
    }
    const count = async (table: string, clientId: number) => {
      const [row] = await queryRows<{ n: number }>(
        app.db(),
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE client_id = ${clientId}`,
      );
      return row!.n;
    };

    const result = await caller.mergeClients({ into: into.id, from: from.id });
    for (const { table_name: table } of catalog) {
      expect(await count(table, from.id), table).toBe(0);
      expect(await count(table, into.id), table).toBeGreaterThan(0);
      expect(result.moved[table], table).toBeGreaterThan(0);
    }
    expect(result.client).toMatchObject({
      id: into.id,
      name: "Marta Muñoz",
      email: "marta@example.com",
      rut: "11.111.111-1",
      phone: "+56 9 1111 2222",
    });
    const left = await app
      .db()
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.id, from.id)));
    expect(left).toEqual([]);
  });

  it("refuses merging across companies, a client into itself, and leaves both untouched", async () => {
    const caller = await admin();
    const demo = app.fx().demo.clientIds[5]!;
    const foreign = app.fx().other.clientIds[0]!;
    expect((await refusal(caller.mergeClients({ into: demo, from: foreign }))).code).toBe("NOT_FOUND");
    expect((await refusal((await other()).mergeClients({ into: foreign, from: demo }))).code).toBe("NOT_FOUND");
    expect((await refusal(caller.mergeClients({ into: demo, from: demo }))).fields).toEqual({
      from: [CLIENT_TEXTS.mergeSame],
    });
    expect((await caller.clientDetail({ id: demo })).client.id).toBe(demo);
    expect((await (await other()).clientDetail({ id: foreign })).client.id).toBe(foreign);
  });
});
