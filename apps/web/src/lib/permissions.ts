/**
 * What the current user may do, from the role's grants in company setup.
 *
 *   const can = useCan();
 *   if (can("update", "check_in")) …
 *
 * Only inside the main shell (see useCompanySetup). The server checks again on every call: this only decides what
 * to show.
 */
import { type Can, permissionChecker } from "@taller/core";
import { useMemo } from "react";
import { useCompanySetup } from "./company-setup";

export function useCan(): Can {
  const { permissions } = useCompanySetup();
  return useMemo(() => permissionChecker(permissions), [permissions]);
}
