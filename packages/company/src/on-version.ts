import { staffProcedure } from "@taller/trpc";

/**
 * The server's version for the update dialog (seed 000 section 2.3): the version of the process this socket reached,
 * at once, then each version a newly started server announces. A reconnect after a deploy lands on the new process
 * and so yields the new version too.
 */
export const onVersion = staffProcedure.subscription(async function* ({ ctx, signal }) {
  yield ctx.appVersion;
  for await (const event of ctx.bus.stream({ companyId: ctx.companyId, signal })) {
    if (event.type === "version.ready") yield event.payload.version;
  }
});
