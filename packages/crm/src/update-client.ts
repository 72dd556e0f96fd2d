import { clientUpdateSchema } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { updateClient as writeClient } from "./client-write";

/** Edits a client's data from the client page (update client); a RUT another client holds is a field error. */
export const updateClient = staffProcedure
  .use(can("update", "client"))
  .input(clientUpdateSchema)
  .mutation(({ ctx, input }) => withTransaction(ctx, (tx) => writeClient(tx, ctx.companyId, input.id, input)));
