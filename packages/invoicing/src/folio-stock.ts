import { can, staffProcedure } from "@taller/trpc";
import { folioStock } from "./folios";

/** Folios left per document type, with the low-stock warning (the list's banner, the CAF settings). */
export const folios = staffProcedure.use(can("read", "invoice")).query(({ ctx }) => folioStock(ctx.db, ctx.companyId));
