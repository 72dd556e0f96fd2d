import { can, staffProcedure, tracked } from "@taller/trpc";
import { z } from "zod";

/**
 * The company's `payment.changed` events (created, paid, a payment in process), after `lastEventId` then live: open
 * lists refetch, so a request paid by its client turns 'Pagado' without a reload.
 */
export const onChanged = staffProcedure
  .use(can("read", "payment"))
  .input(
    z
      .object({
        lastEventId: z
          .string()
          .regex(/^\d{1,15}$/)
          .nullish(),
      })
      .optional(),
  )
  .subscription(async function* ({ ctx, input, signal }) {
    const lastEventId = input?.lastEventId ? Number(input.lastEventId) : null;
    for await (const event of ctx.bus.stream({ companyId: ctx.companyId, lastEventId, signal })) {
      if (event.type === "payment.changed") yield tracked(String(event.id), { ids: event.payload.ids });
    }
  });
