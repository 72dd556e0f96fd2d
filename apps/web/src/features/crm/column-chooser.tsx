/** The lists' column chooser (seed 001 section 2): a multi-select of the columns with an 'All' row ('Todas'). */
import type { CrmColumn } from "@taller/core";
import { MultiSelect } from "../../ui/multi-select";
import type { ManagementColumn } from "./crm-rules";

export function ColumnChooser({
  columns,
  value,
  onChange,
}: {
  columns: readonly ManagementColumn[];
  value: readonly CrmColumn[];
  onChange(keys: CrmColumn[]): void;
}) {
  return (
    <MultiSelect
      label="Columnas"
      options={columns.map((c) => ({ value: c.key, label: c.label }))}
      value={value}
      onChange={onChange}
      allLabel="Todas"
      noneLabel="Ninguna"
    />
  );
}
