/** The lists' date range (seed 001 section 9): today, this week, … all time. */
import { CRM_DATE_RANGE_LABELS, CRM_DATE_RANGES, type CrmDateRange } from "@taller/core";
import { Select } from "../../ui/select";

const OPTIONS = CRM_DATE_RANGES.map((value) => ({ value, label: CRM_DATE_RANGE_LABELS[value] }));

export function DateRangeSelect({ value, onChange }: { value: CrmDateRange; onChange(range: CrmDateRange): void }) {
  return <Select label="Rango de fechas" value={value} onValueChange={onChange} options={OPTIONS} />;
}
