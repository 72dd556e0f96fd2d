/** The lists' date range (seed 001 section 9): today, this week, … all time. */
import { Select } from "../../ui/select";
import { DATE_RANGE_LABELS, DATE_RANGES, type DateRange } from "./crm-rules";

const OPTIONS = DATE_RANGES.map((value) => ({ value, label: DATE_RANGE_LABELS[value] }));

export function DateRangeSelect({ value, onChange }: { value: DateRange; onChange(range: DateRange): void }) {
  return <Select label="Rango de fechas" value={value} onValueChange={onChange} options={OPTIONS} />;
}
