import { idSchema, productDataSchema } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { updateProduct } from "../write";

/** The product form's save: its data and its minimum per warehouse. */
export const update = staffProcedure
  .use(can("update", "inventory_action"))
  .input(productDataSchema.extend({ id: idSchema }))
  .mutation(({ ctx, input }) => withTransaction(ctx, (tx) => updateProduct(tx, ctx.companyId, input.id, input)));
