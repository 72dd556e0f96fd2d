import { resumableStreamInput } from "@taller/core";
import { can, staffProcedure, tracked } from "@taller/trpc";

/** The company's `invoice.changed` events, after `lastEventId` then live: open lists and documents refetch. */
export const onChanged = staffProcedure
  .use(can("read", "invoice"))
  .input(resumableStreamInput)
  .subscription(async function* ({ ctx, input, signal }) {
    const lastEventId = input?.lastEventId ? Number(input.lastEventId) : null;
    for await (const event of ctx.bus.stream({ companyId: ctx.companyId, lastEventId, signal })) {
      if (event.type === "invoice.changed") yield tracked(String(event.id), { ids: event.payload.ids });
    }
  });
