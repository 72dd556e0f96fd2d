/**
 * A picker of one row or none, bound to a form's nullable id field (the users' role, a holiday's location). Radix
 * Select takes strings only, hence the mapping.
 *
 *   <IdField control={form.control} name="location_id" label="Local" noneLabel="Todos los locales" options={locations}
 * />
 */
import type { Control, FieldValues, Path } from "react-hook-form";
import { Controller } from "react-hook-form";
import { Select } from "../../ui/select";

const NONE = "none";

export interface IdFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  noneLabel: string;
  options: readonly { id: number; name: string }[];
}

export function IdField<T extends FieldValues>({ control, name, label, noneLabel, options }: IdFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          value={field.value == null ? NONE : String(field.value)}
          onValueChange={(v) => field.onChange(v === NONE ? null : Number(v))}
          options={[{ value: NONE, label: noneLabel }, ...options.map((o) => ({ value: String(o.id), label: o.name }))]}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
