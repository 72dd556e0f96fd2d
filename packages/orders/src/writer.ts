import type { DocumentReader } from "@taller/trpc";
import type { OrderWriter } from "./write/move-order";

/** The caller as the order's writer: with an own-records update grant, only orders he received or is assigned. */
export function orderWriter(ctx: Pick<DocumentReader, "user" | "ownOnly"> & { companyId: number }): OrderWriter {
  return {
    companyId: ctx.companyId,
    userId: ctx.user.id,
    ownerId: ctx.ownOnly("update", "check_in") ? ctx.user.id : null,
  };
}
