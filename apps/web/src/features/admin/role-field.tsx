/**
 * The role picker of the users page's invite and edit dialogs: "Sin rol" or one of the company's roles, bound to the
 * form's `role_id` (a number or null; Radix Select takes strings only, hence the mapping).
 */
import type { Control, FieldValues } from "react-hook-form";
import { Controller } from "react-hook-form";
import type { RouterOutputs } from "@taller/api";
import { Select } from "../../ui/select";

export type Role = RouterOutputs["admin"]["roles"]["list"][number];

const NO_ROLE = "none";

type RoleForm = { role_id?: number | null };

export function RoleField<T extends FieldValues & RoleForm>({ control, roles }: { control: Control<T>; roles: readonly Role[] }) {
  // Each dialog's form has more fields than role_id; the picker only reads and writes that one.
  const roleControl = control as unknown as Control<RoleForm>;
  return (
    <Controller
      control={roleControl}
      name="role_id"
      render={({ field, fieldState }) => (
        <Select
          label="Rol"
          value={field.value == null ? NO_ROLE : String(field.value)}
          onValueChange={(v) => field.onChange(v === NO_ROLE ? null : Number(v))}
          options={[{ value: NO_ROLE, label: "Sin rol" }, ...roles.map((r) => ({ value: String(r.id), label: r.name }))]}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
