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
import { companyTerms, DEFAULT_TERMS, objectFieldLabels, type TermKey, type TermWords } from "@taller/core";
import { useSetupChanged } from "./setup-events";
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

/** The company's own words for object, client, order and CRM (`companyTerms`): every screen names them from here. */
export function useTerms(): Record<TermKey, TermWords> {
  return companyTerms(useCompanySetup().company.preferences.terms);
}

/**
 * The terms where the main shell's loader does not wait for the setup (the administration pages): the company's
 * once it is in, the defaults meanwhile.
 */
export function useSetupTerms(): Record<TermKey, TermWords> {
  return companyTerms(useCompanySetupQuery().data?.company.preferences.terms ?? DEFAULT_TERMS);
}

/** The labels of the object's identifying fields in the company's words ('Patente' or 'Identificador de bicicleta'). */
export function useObjectFields(): ReturnType<typeof objectFieldLabels> {
  return objectFieldLabels(useCompanySetup().company.preferences.terms.object);
}

/**
 * Refetches the setup (and the user's grants) on `company.setup_changed`: an administrator's change reaches open
 * shells without a reload.
 * The screens' own status lists (kept without going stale) follow a change of statuses.
 */
export function useCompanySetupLive(): void {
  const utils = trpc.useUtils();
  useSetupChanged((what) => {
    void utils.company.setup.invalidate();
    // Roles and grants: the user's permissions come with auth.me.
    void utils.auth.me.invalidate();
    if (what === "statuses") {
      void utils.orders.statuses.invalidate();
      void utils.budgets.statuses.invalidate();
      void utils.crm.statuses.invalidate();
    }
  });
}
