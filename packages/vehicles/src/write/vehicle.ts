// The vehicles package owns the vehicles table: every write of a vehicle by the app goes through here, typed from the
// schema. The identifier is normalized and checked by the company's rule (usesPlates); one per company is the
// unique index's to decide, so two concurrent writes of one plate end with one vehicle and a field error.
import {
  companyPreferencesSchema,
  identifierError,
  normalizeIdentifier,
  present,
  takenText,
  usesPlates,
  VEHICLE_TEXTS,
  type vehicleDataSchema,
} from "@taller/core";
import { brandModels, brands, clients, companies, loadCompanyTerms, termNotFound, vehicles, type Db } from "@taller/db";
import { fieldError, TRPCError, uniqueOnField, type Transaction } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { ownedVehicle } from "../list-query";

export type VehicleInput = z.output<typeof vehicleDataSchema>;

/** Whether the company writes Chilean plates (its object is the default 'Vehículo'). */
export async function companyUsesPlates(db: Db, companyId: number): Promise<boolean> {
  const [company] = await db
    .select({ preferences: companies.preferences })
    .from(companies)
    .where(eq(companies.id, companyId));
  return usesPlates(companyPreferencesSchema.parse(company?.preferences ?? {}).terms.object);
}

/**
 * The owner, brand and model must be the company's (the composite keys would refuse another's with no field to
 * mark), and the model the brand's: NOT_FOUND on the field that names one that is not.
 */
async function assertReferences(tx: Transaction, companyId: number, input: VehicleInput) {
  if (input.client_id) {
    const found = await tx.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.id, input.client_id)));
    if (found.length === 0) throw fieldError("NOT_FOUND", "client_id", await termNotFound(tx.db, companyId, "client"));
  }
  if (input.brand_id) {
    const found = await tx.db
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.companyId, companyId), eq(brands.id, input.brand_id)));
    if (found.length === 0) throw fieldError("NOT_FOUND", "brand_id", VEHICLE_TEXTS.brandNotFound);
  }
  if (input.brand_model_id) {
    const found = await tx.db
      .select({ brandId: brandModels.brandId })
      .from(brandModels)
      .where(and(eq(brandModels.companyId, companyId), eq(brandModels.id, input.brand_model_id)));
    if (found.length === 0 || (input.brand_id && found[0]?.brandId !== input.brand_id))
      throw fieldError("NOT_FOUND", "brand_model_id", VEHICLE_TEXTS.modelNotFound);
  }
}

/** The row's columns from the dialog's data, the identifier normalized and checked. */
async function columns(tx: Transaction, companyId: number, input: VehicleInput) {
  await assertReferences(tx, companyId, input);
  const [plates, terms] = await Promise.all([companyUsesPlates(tx.db, companyId), loadCompanyTerms(tx.db, companyId)]);
  const identifier = normalizeIdentifier(input.identifier, plates);
  const error = identifierError(identifier, plates);
  if (error) throw fieldError("BAD_REQUEST", "identifier", error);
  return {
    values: {
      identifier,
      clientId: input.client_id ?? null,
      brandId: input.brand_id ?? null,
      brandModelId: input.brand_model_id ?? null,
      chassis: input.chassis,
      year: input.year ?? null,
      color: input.color,
      kms: input.kms ?? null,
    } satisfies Partial<typeof vehicles.$inferInsert>,
    taken: plates ? takenText(VEHICLE_TEXTS.plateTaken, terms.object) : VEHICLE_TEXTS.identifierTaken,
  };
}

export async function createVehicle(tx: Transaction, companyId: number, input: VehicleInput): Promise<{ id: number }> {
  const { values, taken } = await columns(tx, companyId, input);
  const [row] = await uniqueOnField(
    tx.db
      .insert(vehicles)
      .values({ companyId, ...values })
      .returning({ id: vehicles.id }),
    "identifier",
    taken,
  );
  const id = present(row, "inserted vehicle").id;
  await tx.emit({ type: "vehicle.changed", companyId, payload: { ids: [id] } });
  return { id };
}

/**
 * `ownerId`: with an own-records grant, the user whose vehicles (those of his orders or bookings) may change.
 * A change of identifier is kept in vehicle_plate_history by the table's trigger.
 */
export async function updateVehicle(
  tx: Transaction,
  companyId: number,
  id: number,
  input: VehicleInput,
  ownerId: number | null = null,
): Promise<{ id: number }> {
  const { values, taken } = await columns(tx, companyId, input);
  const rows = await uniqueOnField(
    tx.db
      .update(vehicles)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(
          eq(vehicles.companyId, companyId),
          eq(vehicles.id, id),
          ownedVehicle(companyId, ownerId, sql`${vehicles.id}`),
        ),
      )
      .returning({ id: vehicles.id }),
    "identifier",
    taken,
  );
  if (rows.length === 0) {
    throw new TRPCError({ code: "NOT_FOUND", message: await termNotFound(tx.db, companyId, "object") });
  }
  await tx.emit({ type: "vehicle.changed", companyId, payload: { ids: [id] } });
  return { id };
}
