import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { z } from "zod";
import { announce, lockActionFor } from "./action";
import { issueLink, revokeLinks, type IssuedLink } from "./links";
import { idSchema } from "@taller/core";

const input = z.object({ id: idSchema });

/** 'Nuevo enlace': a fresh link (the previous one stops opening the page). Shown once: only its hash is kept. */
export const issue = staffProcedure
  .use(can("update", "inventory_action"))
  .input(input)
  .mutation(({ ctx, input }): Promise<IssuedLink> =>
    withTransaction(ctx, async (tx) => {
      const row = await lockActionFor(tx.db, ctx, input.id, "update");
      const link = await issueLink(tx.db, ctx.companyId, row.kind, row.id);
      await announce(tx, ctx.companyId, [row.id]);
      return link;
    }),
  );

/** 'Revocar enlace': the supplier's link opens nothing from now on. */
export const revoke = staffProcedure
  .use(can("update", "inventory_action"))
  .input(input)
  .mutation(({ ctx, input }): Promise<{ revoked: number }> =>
    withTransaction(ctx, async (tx) => {
      const row = await lockActionFor(tx.db, ctx, input.id, "update");
      const revoked = await revokeLinks(tx.db, ctx.companyId, row.kind, row.id);
      await announce(tx, ctx.companyId, [row.id]);
      return { revoked };
    }),
  );
