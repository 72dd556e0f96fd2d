/**
 * The vehicle's create and edit dialog; its form (vehicle-form.tsx, with react-hook-form and zod) loads when it opens,
 * or after the first paint of a screen that may open it (usePreload(VehicleForm)).
 *
 *   <VehicleFormDialog open onOpenChange={…} vehicle={page.vehicle} owner={page.owner} onSaved={(id) => …} />
 */
import type { RouterOutputs } from "@taller/api";
import { agree } from "@taller/core";
import { useTerms } from "../../lib/company-setup";
import { lazyPart } from "../../lib/lazy-part";
import { Dialog } from "../../ui/dialog";

type VehiclePage = RouterOutputs["vehicles"]["get"];

export interface VehicleFormProps {
  /** The vehicle being edited; absent: a new one. */
  vehicle?: VehiclePage["vehicle"];
  owner?: VehiclePage["owner"];
  onSaved?(id: number): void;
}

export const VehicleForm = lazyPart(() => import("./vehicle-form").then((m) => m.VehicleForm));

export function VehicleFormDialog({
  open,
  onOpenChange,
  ...props
}: VehicleFormProps & { open: boolean; onOpenChange(open: boolean): void }) {
  const terms = useTerms();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        props.vehicle
          ? `Editar ${terms.object.oneLower}`
          : `${agree(terms.object, "Nuevo", "Nueva")} ${terms.object.oneLower}`
      }
      width={640}
    >
      {open && <VehicleForm {...props} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}
