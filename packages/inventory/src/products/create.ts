import { productDataSchema } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { createProduct } from "../write";

/** The product form's create: a taken code is a field error on it. */
export const create = staffProcedure
  .use(can("create", "inventory_action"))
  .input(productDataSchema)
  .mutation(({ ctx, input }) => withTransaction(ctx, (tx) => createProduct(tx, ctx.companyId, input)));
