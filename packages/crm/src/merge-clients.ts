import { clientMergeSchema } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { mergeClients as merge } from "./client-write";

/**
 * 'Unir con otro registro' on the client page: `from` (a duplicate of the same person) goes into `into` with every
 * record that names it, in one transaction, and is deleted. Needs update and destroy on clients.
 */
export const mergeClients = staffProcedure
  .use(can("update", "client"))
  .use(can("destroy", "client"))
  .input(clientMergeSchema)
  .mutation(({ ctx, input }) => withTransaction(ctx, (tx) => merge(tx, ctx.companyId, input.into, input.from)));
