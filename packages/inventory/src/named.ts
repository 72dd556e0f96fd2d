// Categories and warehouses ('Categorías', 'Bodegas' on the products screen): the same four procedures over a
// named row of the company, so their rules (one name per company, removal only while unused) cannot drift apart.
import { idSchema, inventoryNameSchema } from "@taller/core";
import { can, router, staffProcedure, withTransaction } from "@taller/trpc";
import { z } from "zod";
import { createNamed, listNamed, removeNamed, renameNamed, type NamedKind } from "./write";

export function namedRouter(kind: NamedKind) {
  return router({
    list: staffProcedure
      .use(can("read", "inventory_action"))
      .query(({ ctx }) => listNamed(ctx.db, kind, ctx.companyId)),
    create: staffProcedure
      .use(can("create", "inventory_action"))
      .input(z.object({ name: inventoryNameSchema }))
      .mutation(({ ctx, input }) => withTransaction(ctx, (tx) => createNamed(tx, kind, ctx.companyId, input.name))),
    rename: staffProcedure
      .use(can("update", "inventory_action"))
      .input(z.object({ id: idSchema, name: inventoryNameSchema }))
      .mutation(({ ctx, input }) =>
        withTransaction(ctx, (tx) => renameNamed(tx, kind, ctx.companyId, input.id, input.name)),
      ),
    remove: staffProcedure
      .use(can("destroy", "inventory_action"))
      .input(z.object({ id: idSchema }))
      .mutation(({ ctx, input }) => withTransaction(ctx, (tx) => removeNamed(tx, kind, ctx.companyId, input.id))),
  });
}
