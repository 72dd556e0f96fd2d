import { vehicleDataSchema } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { createVehicle } from "./write/vehicle";

/** The create dialog: a new vehicle of the company; a taken identifier is a field error on it. */
export const create = staffProcedure
  .use(can("create", "vehicle"))
  .input(vehicleDataSchema)
  .mutation(({ ctx, input }) => withTransaction(ctx, (tx) => createVehicle(tx, ctx.companyId, input)));
