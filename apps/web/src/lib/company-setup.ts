/**
 * Company setup (`company.setup`): the company and its preferences (terms, modules, booking add-on...), locations,
 * holidays, statuses, requirements, the user and the user's permissions.
 *
 *   const setup = useCompanySetup();   // inside any /main page: the main shell renders pages only once it loaded
 *   setup.company.preferences.terms.object.plural
 *
 * `useCompanySetupQuery()` is the query itself, for the shell's loader and error state; `useCompanySetupLive()`
 * (mounted once by the shell) refetches it when an administrator changes the setup.
 */
import type { RouterOutputs } from "@taller/api";
import { trpc } from "./trpc";

export type CompanySetup = RouterOutputs["company"]["setup"];

export function useCompanySetupQuery() {
  return trpc.company.setup.useQuery();
}

export function useCompanySetup(): CompanySetup {
  const { data } = useCompanySetupQuery();
  if (!data) throw new Error("useCompanySetup() is only available inside the main shell, after setup loaded");
  return data;
}

/**
 * Refetches the setup on `company.setup_changed`: an administrator's change reaches open shells without a reload.
 * The screens' own status lists (kept without going stale) follow a change of statuses.
 */
export function useCompanySetupLive(): void {
  const utils = trpc.useUtils();
  trpc.company.onEvent.useSubscription(undefined, {
    onData: (event) => {
      if (event.data.type !== "company.setup_changed") return;
      void utils.company.setup.invalidate();
      // The stream types payloads loosely (any company event); this one's is { what } (core/events.ts).
      if ((event.data.payload as { what?: string }).what === "statuses") {
        void utils.orders.statuses.invalidate();
        void utils.budgets.statuses.invalidate();
        void utils.crm.statuses.invalidate();
      }
    },
  });
}
