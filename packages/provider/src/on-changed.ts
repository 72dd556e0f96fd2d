import { resumableStreamInput } from "@taller/core";
import { can, staffProcedure, tracked } from "@taller/trpc";

/** The ids of every `provider.changed` of the company, after `lastEventId` then live: open lists refetch. */
export const onChanged = staffProcedure
  .use(can("read", "inventory_action"))
  .input(resumableStreamInput)
  .subscription(async function* ({ ctx, input, signal }) {
    const lastEventId = input?.lastEventId ? Number(input.lastEventId) : null;
    for await (const event of ctx.bus.stream({ companyId: ctx.companyId, lastEventId, signal })) {
      if (event.type === "provider.changed") yield tracked(String(event.id), { ids: event.payload.ids });
    }
  });
