import { resumableStreamInput } from "@taller/core";
import { can, staffProcedure, tracked } from "@taller/trpc";

/**
 * The spec's 'updated-document' for managements: the ids of every `crm.changed` of the company, from any server
 * process, after `lastEventId` then live. Open details reload the ones they show; lists refresh their KPIs.
 */
export const onChanged = staffProcedure
  .use(can("read", "crm"))
  .input(resumableStreamInput)
  .subscription(async function* ({ ctx, input, signal }) {
    const lastEventId = input?.lastEventId ? Number(input.lastEventId) : null;
    for await (const event of ctx.bus.stream({ companyId: ctx.companyId, lastEventId, signal })) {
      if (event.type === "crm.changed") yield tracked(String(event.id), { ids: event.payload.ids });
    }
  });
