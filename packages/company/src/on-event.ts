import { isServerOnlyEvent, resumableStreamInput } from "@taller/core";
import { staffProcedure, tracked } from "@taller/trpc";

/**
 * The company's realtime stream: domain events (ids only) after `lastEventId`, then live. Screens refetch what
 * an event names. Resumable: the client's link sends the last id it saw when it reconnects.
 */
export const onEvent = staffProcedure.input(resumableStreamInput).subscription(async function* ({
  ctx,
  input,
  signal,
}) {
  const lastEventId = input?.lastEventId ? Number(input.lastEventId) : null;
  for await (const event of ctx.bus.stream({ companyId: ctx.companyId, lastEventId, signal })) {
    // Session bookkeeping and push requests are for servers, not screens.
    if (isServerOnlyEvent(event.type)) continue;
    yield tracked(String(event.id), { type: event.type, payload: event.payload });
  }
});
