import {
  checkCustomFieldValues,
  kmsBelowLast,
  kmsBelowLastText,
  normalizeIdentifier,
  RECEPTION_TEXTS,
  receptionSchema,
  type ReceptionCustomField,
} from "@taller/core";
import { createClient, updateClient } from "@taller/crm";
import {
  clients,
  customFields,
  locations,
  orders,
  ownMediaUrl,
  queryRows,
  requirements,
  users,
  vehicles,
  type DocumentPicture,
} from "@taller/db";
import { can, fieldError, staffProcedure, underField, withTransaction, type Transaction } from "@taller/trpc";
import { companyUsesPlates, createVehicle, updateVehicle } from "@taller/vehicles";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { createOrder } from "../write/create-order";
import { lastKms } from "./last-kms";

type Reception = z.output<typeof receptionSchema>;

/** Each id the reception names must be the company's: NOT_FOUND on its field otherwise (never a foreign key's 500). */
async function assertReferences(tx: Transaction, companyId: number, input: Reception & { user_id: number }) {
  const one = async (table: typeof requirements | typeof locations | typeof users, id: number) =>
    (
      await queryRows<{ found: number }>(
        tx.db,
        sql`SELECT 1 AS found FROM ${table} WHERE ${table.companyId} = ${companyId} AND ${table.id} = ${id}`,
      )
    ).length > 0;
  if (input.requirement_id && !(await one(requirements, input.requirement_id)))
    throw fieldError("NOT_FOUND", "requirement_id", RECEPTION_TEXTS.requirementUnavailable);
  if (input.location_id && !(await one(locations, input.location_id)))
    throw fieldError("NOT_FOUND", "location_id", RECEPTION_TEXTS.locationUnavailable);
  if (!(await one(users, input.user_id))) throw fieldError("NOT_FOUND", "user_id", RECEPTION_TEXTS.userUnavailable);
  if (input.assignee_id && !(await one(users, input.assignee_id)))
    throw fieldError("NOT_FOUND", "assignee_id", RECEPTION_TEXTS.userUnavailable);
}

async function customFieldValues(tx: Transaction, companyId: number, values: Reception["custom_fields"]) {
  const definitions: ReceptionCustomField[] = await tx.db
    .select({ key: customFields.key, kind: customFields.kind, items: customFields.items })
    .from(customFields)
    .where(and(eq(customFields.companyId, companyId), eq(customFields.entity, "Order")));
  const checked = checkCustomFieldValues(definitions, values);
  const [problem] = checked.problems;
  if (problem) throw fieldError("BAD_REQUEST", problem.field, problem.message);
  return checked.values;
}

/**
 * Only the caller's own uploads to the company's store, pictures or videos (the store knows which): a file id seen
 * elsewhere is not attachable.
 */
async function ownPictures(tx: Transaction, owner: { companyId: number; userId: number }, input: Reception) {
  const pictures: DocumentPicture[] = [];
  for (const [i, picture] of input.pictures.entries()) {
    const file = await ownMediaUrl(tx.db, owner, picture.url);
    if (!file) throw fieldError("BAD_REQUEST", `pictures.${i}`, RECEPTION_TEXTS.pictureUnavailable);
    pictures.push({
      url: file.url,
      ...(picture.name ? { name: picture.name } : {}),
      ...(file.video ? { video: true } : {}),
    });
  }
  return pictures;
}

/** The client by RUT (updated with what was typed) or a new one; none when the section is empty. */
async function receiveClient(tx: Transaction, companyId: number, client: Reception["client"]) {
  if (!client.name) return null;
  const [found] = client.rut
    ? await tx.db
        .select({
          id: clients.id,
          email: clients.email,
          phone: clients.phone,
          address: clients.address,
          city: clients.city,
        })
        .from(clients)
        .where(and(eq(clients.companyId, companyId), eq(clients.rut, client.rut)))
        .for("update")
    : [];
  const data = { name: client.name, rut: client.rut, email: client.email, phone: client.phone };
  if (!found) return (await createClient(tx, companyId, { ...data, address: null, city: null })).id;
  // What the form left empty keeps what the record had.
  return (
    await updateClient(tx, companyId, found.id, {
      ...data,
      email: data.email ?? found.email,
      phone: data.phone ?? found.phone,
      address: found.address,
      city: found.city,
    })
  ).id;
}

/**
 * The vehicle by its identifier (normalized by the company's rule) or a new one owned by the client, with its owner
 * after the reception (an order without a client typed is its owner's). A reading below its last one (lastKms)
 * needs the user's confirmation. The row is locked, so
 * two receptions of one vehicle read and write its kilometres one after the other.
 */
async function receiveVehicle(tx: Transaction, companyId: number, input: Reception, clientId: number | null) {
  const identifier = normalizeIdentifier(input.identifier, await companyUsesPlates(tx.db, companyId));
  const [found] = await tx.db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.companyId, companyId), eq(vehicles.identifier, identifier)))
    .for("update");
  const data = { identifier, brand_id: input.brand_id, brand_model_id: input.brand_model_id, chassis: input.chassis };
  if (!found) {
    const created = await createVehicle(tx, companyId, {
      ...data,
      client_id: clientId,
      year: null,
      color: null,
      kms: input.kms,
    });
    return { id: created.id, ownerId: clientId };
  }
  const [last] = await queryRows<{ kms: number | null }>(
    tx.db,
    sql`SELECT ${lastKms(sql.raw("v"))} AS kms FROM vehicles v WHERE v.company_id = ${companyId} AND v.id = ${found.id}`,
  );
  const lastReading = last?.kms ?? null;
  if (kmsBelowLast(input.kms, lastReading) && !input.confirm_kms)
    throw fieldError("BAD_REQUEST", "kms", kmsBelowLastText(lastReading ?? 0));
  const owner = found.clientId === null || input.change_owner ? (clientId ?? found.clientId) : found.clientId;
  await updateVehicle(tx, companyId, found.id, {
    identifier,
    client_id: owner,
    brand_id: input.brand_id ?? found.brandId,
    brand_model_id: input.brand_id ? input.brand_model_id : found.brandModelId,
    chassis: input.chassis ?? found.chassis,
    year: found.year,
    color: found.color,
    kms: input.kms ?? found.kms,
  });
  return { id: found.id, ownerId: owner };
}

/**
 * 'Recepcionar': in one transaction, the vehicle found by its identifier or created, the client found by RUT or
 * created (and made the vehicle's owner when asked, or when it had none), and the order received through
 * createOrder (its number, first status, status log, chat, events and the client's 'order received' notification).
 * `key` makes it idempotent: a transaction-scoped lock on the key makes a second press wait for the first to commit,
 * then answer its order; the unique (company_id, receive_key) index is the database's guarantee. With an own-records
 * grant the receiving user is the caller, so the new order is his.
 */
export const receive = staffProcedure
  .use(can("create", "check_in"))
  .input(receptionSchema)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx): Promise<{ id: number; correlative_id: number }> => {
      await queryRows(
        tx.db,
        sql`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext(${`orders.receive:${ctx.companyId}:${input.key}`}))`,
      );
      const [done] = await tx.db
        .select({ id: orders.id, correlative_id: orders.correlativeId })
        .from(orders)
        .where(and(eq(orders.companyId, ctx.companyId), eq(orders.receiveKey, input.key)));
      if (done) return done;
      const receivedBy = ctx.ownOnly("create", "check_in") ? ctx.user.id : (input.user_id ?? ctx.user.id);
      await assertReferences(tx, ctx.companyId, { ...input, user_id: receivedBy });
      const values = await customFieldValues(tx, ctx.companyId, input.custom_fields);
      const pictures = await ownPictures(tx, { companyId: ctx.companyId, userId: ctx.user.id }, input);
      // A RUT taken meanwhile (another reception created it) is refused on the form's field, `client.rut`.
      const clientId = await underField("client", receiveClient(tx, ctx.companyId, input.client));
      const vehicle = await receiveVehicle(tx, ctx.companyId, input, clientId);
      const order = await createOrder(
        tx,
        { companyId: ctx.companyId, userId: ctx.user.id },
        {
          requirementId: input.requirement_id ?? null,
          clientId: clientId ?? vehicle.ownerId,
          vehicleId: vehicle.id,
          locationId: input.location_id ?? null,
          assigneeId: input.assignee_id ?? null,
          comment: input.comment,
          from: "recepcion",
          reception: {
            receivedBy,
            kms: input.kms ?? null,
            finishDate: input.finish_date ?? null,
            customFields: values,
            pictures,
            receiveKey: input.key,
          },
        },
      );
      return order;
    }),
  );
