import { clientDataSchema } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { createClient as insertClient } from "./client-write";

/** 'Nuevo cliente' on the clients list: a client of the company; a RUT already on file is a field error on it. */
export const createClient = staffProcedure
  .use(can("create", "client"))
  .input(clientDataSchema)
  .mutation(({ ctx, input }) => withTransaction(ctx, (tx) => insertClient(tx, ctx.companyId, input)));
