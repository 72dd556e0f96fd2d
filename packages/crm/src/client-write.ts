// The crm package owns the clients table: every write of a client by the app goes through here, typed from the
// schema. One RUT per company is the unique index's to decide (clients_company_rut_key), so two concurrent writes of
// one RUT end with one client and a field error on 'RUT'.
import { CLIENT_TEXTS, takenText, type clientDataSchema } from "@taller/core";
import {
  bookings,
  clients,
  crms,
  invoices,
  loadCompanyTerms,
  orders,
  paymentRequests,
  termNotFound,
  vehicles,
  whatsappContacts,
} from "@taller/db";
import { TRPCError, uniqueOnField, type Transaction } from "@taller/trpc";
import { and, asc, eq, getTableName, inArray, type AnyColumn } from "drizzle-orm";
import type { z } from "zod";

export type ClientInput = z.output<typeof clientDataSchema>;

/** What the client page shows of a client, as every write answers it. */
export const CLIENT_RETURNING = {
  id: clients.id,
  correlative_id: clients.id,
  rut: clients.rut,
  name: clients.name,
  email: clients.email,
  phone: clients.phone,
  address: clients.address,
  city: clients.city,
  rating: clients.rating,
};

const columns = (input: ClientInput) => ({
  name: input.name,
  rut: input.rut,
  email: input.email,
  phone: input.phone,
  address: input.address,
  city: input.city,
});

const announce = (tx: Transaction, companyId: number, ids: number[]) =>
  tx.emit({ type: "client.changed", companyId, payload: { ids } });

/** 'Ese RUT ya está registrado en Clientes', in the company's words. */
const rutTaken = async (tx: Transaction, companyId: number) =>
  takenText(CLIENT_TEXTS.rutTaken, (await loadCompanyTerms(tx.db, companyId)).client);

export async function createClient(tx: Transaction, companyId: number, input: ClientInput) {
  const [client] = await uniqueOnField(
    tx.db
      .insert(clients)
      .values({ companyId, ...columns(input) })
      .returning(CLIENT_RETURNING),
    "rut",
    await rutTaken(tx, companyId),
  );
  if (!client) throw new Error("insert returned no client");
  await announce(tx, companyId, [client.id]);
  return client;
}

export async function updateClient(
  tx: Transaction,
  companyId: number,
  id: number,
  input: ClientInput & { rating?: number },
) {
  const [client] = await uniqueOnField(
    tx.db
      .update(clients)
      .set({
        ...columns(input),
        ...(input.rating === undefined ? {} : { rating: input.rating }),
        updatedAt: new Date(),
      })
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
      .returning(CLIENT_RETURNING),
    "rut",
    await rutTaken(tx, companyId),
  );
  if (!client) throw new TRPCError({ code: "NOT_FOUND", message: await termNotFound(tx.db, companyId, "client") });
  await announce(tx, companyId, [client.id]);
  return client;
}

/**
 * Every table whose rows point at a client (each `client_id` foreign key to clients): a merge moves their rows.
 * `test/merge.test.ts` compares this list with the database catalog, so a new table cannot be forgotten.
 */
export const CLIENT_REFERENCES = [
  vehicles,
  orders,
  bookings,
  crms,
  whatsappContacts,
  paymentRequests,
  invoices,
] as const satisfies readonly ClientReference[];

/** What moving a table's rows needs of it: a renamed column breaks the build here. */
interface ClientReference {
  companyId: AnyColumn;
  clientId: AnyColumn;
  id: AnyColumn;
}

/** Moves one table's rows from one client to the other; the ids moved. */
async function moveRows(
  tx: Transaction,
  table: (typeof CLIENT_REFERENCES)[number],
  companyId: number,
  from: number,
  into: number,
) {
  // The tables differ in type but share these three columns (ClientReference): one statement shape for all.
  const t = table as typeof vehicles;
  return tx.db
    .update(t)
    .set({ clientId: into })
    .where(and(eq(t.companyId, companyId), eq(t.clientId, from)))
    .returning({ id: t.id });
}

/**
 * Two records of one person: `from`'s vehicles, orders, bookings, managements, WhatsApp chats, payment requests and
 * invoices move to `into` (an invoice keeps the receiver it was issued to: only its link moves), `into` takes
 * whatever data it lacks from `from` (its RUT among them), and `from` is deleted, in the caller's transaction. Both
 * rows are locked first (by id, so two merges of the same pair cannot deadlock); either one missing from the company
 * is NOT_FOUND, so no merge crosses companies.
 */
export async function mergeClients(tx: Transaction, companyId: number, into: number, from: number) {
  const rows = await tx.db
    .select()
    .from(clients)
    .where(and(eq(clients.companyId, companyId), inArray(clients.id, [into, from])))
    .orderBy(asc(clients.id))
    .for("update");
  const kept = rows.find((r) => r.id === into);
  const gone = rows.find((r) => r.id === from);
  if (!kept || !gone) {
    throw new TRPCError({ code: "NOT_FOUND", message: await termNotFound(tx.db, companyId, "client") });
  }
  const moved: Record<string, number> = {};
  const vehicleIds: number[] = [];
  for (const table of CLIENT_REFERENCES) {
    const ids = await moveRows(tx, table, companyId, from, into);
    moved[getTableName(table)] = ids.length;
    if (table === vehicles) vehicleIds.push(...ids.map((r) => r.id));
  }
  // The RUT is unique: it leaves with the deleted row before the kept one takes it.
  await tx.db.delete(clients).where(and(eq(clients.companyId, companyId), eq(clients.id, from)));
  const [client] = await tx.db
    .update(clients)
    .set({
      rut: kept.rut ?? gone.rut,
      email: kept.email ?? gone.email,
      phone: kept.phone ?? gone.phone,
      address: kept.address ?? gone.address,
      city: kept.city ?? gone.city,
      rating: Math.max(kept.rating, gone.rating),
      updatedAt: new Date(),
    })
    .where(and(eq(clients.companyId, companyId), eq(clients.id, into)))
    .returning(CLIENT_RETURNING);
  await announce(tx, companyId, [into, from]);
  for (let i = 0; i < vehicleIds.length; i += 100)
    await tx.emit({ type: "vehicle.changed", companyId, payload: { ids: vehicleIds.slice(i, i + 100) } });
  return { client: client ?? null, moved };
}
