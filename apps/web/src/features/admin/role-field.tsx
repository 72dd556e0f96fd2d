/** The role picker of the users page's invite and edit dialogs: "Sin rol" or one of the company's roles. */
import type { Control, FieldValues, Path } from "react-hook-form";
import type { RouterOutputs } from "@taller/api";
import { IdField } from "./id-field";

export type Role = RouterOutputs["admin"]["roles"]["list"][number];

type RoleForm = { role_id?: number | null };

export function RoleField<T extends FieldValues & RoleForm>({
  control,
  roles,
}: {
  control: Control<T>;
  roles: readonly Role[];
}) {
  return <IdField control={control} name={"role_id" as Path<T>} label="Rol" noneLabel="Sin rol" options={roles} />;
}
