import { resumableStreamInput } from "@taller/core";
import { can, staffProcedure, tracked } from "@taller/trpc";

/**
 * The company's `payment.changed` events (created, paid, a payment in process), after `lastEventId` then live: open
 * lists refetch, so a request paid by its client turns 'Pagado' without a reload.
 */
export const onChanged = staffProcedure
  .use(can("read", "payment"))
  .input(resumableStreamInput)
  .subscription(async function* ({ ctx, input, signal }) {
    const lastEventId = input?.lastEventId ? Number(input.lastEventId) : null;
    for await (const event of ctx.bus.stream({ companyId: ctx.companyId, lastEventId, signal })) {
      if (event.type === "payment.changed") yield tracked(String(event.id), { ids: event.payload.ids });
    }
  });
