import { idSchema, vehicleDataSchema } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { updateVehicle } from "./write/vehicle";

/**
 * The edit dialog: the vehicle's data, its identifier included (the earlier one is kept in its plate history). With
 * an own-records grant, only a vehicle of the user's orders or bookings; another's is NOT_FOUND.
 */
export const update = staffProcedure
  .use(can("update", "vehicle"))
  .input(vehicleDataSchema.extend({ id: idSchema }))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, (tx) =>
      updateVehicle(tx, ctx.companyId, input.id, input, ctx.ownOnly("update", "vehicle") ? ctx.user.id : null),
    ),
  );
