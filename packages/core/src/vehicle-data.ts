// A vehicle's data as the dialogs send it: apart from the vehicle rules (vehicles.ts), which the shell loads, so the
// shell does not load zod.
import { z } from "zod";
import { optionalText } from "./fields";
import { idSchema } from "./ids";
import { identifierError, normalizeIdentifier } from "./vehicles";

const optionalNumber = (min: number, max: number) => z.number().int().min(min).max(max).nullish();

/**
 * A vehicle's data as its create and edit dialogs send it (vehicles.create, vehicles.update). The identifier's
 * format depends on the company (usesPlates): the server checks it in the handler, the form with `vehicleFormSchema`.
 */
export const vehicleDataSchema = z.object({
  identifier: z.string().trim().min(1, "Ingresa el identificador").max(30),
  client_id: idSchema.nullish(),
  brand_id: idSchema.nullish(),
  brand_model_id: idSchema.nullish(),
  chassis: optionalText(40),
  year: optionalNumber(1900, 2100),
  color: optionalText(40),
  kms: optionalNumber(0, 10_000_000),
});
export type VehicleData = z.input<typeof vehicleDataSchema>;

/** The dialogs' schema: the data with the company's identifier rule, so the field says it before sending. */
export const vehicleFormSchema = (plates: boolean) =>
  vehicleDataSchema.superRefine((v, ctx) => {
    const error = identifierError(normalizeIdentifier(v.identifier, plates), plates);
    if (error) ctx.addIssue({ code: "custom", path: ["identifier"], message: error });
  });
