// The public page's month grid in a Radix Popover (with its positioning, ~20 KB gzipped), loaded after the page has
// painted (date-picker.tsx shows the same trigger meanwhile).
import { Popover } from "radix-ui";
import { useState } from "react";
import { MonthCalendar, monthOf, monthTitle } from "../../ui/month-calendar";
import { DateTrigger, type DatePickerPopupProps } from "./date-picker";

export default function DatePickerPopup({
  id,
  openAtStart,
  label,
  value,
  onChange,
  min,
  available,
  error,
  disabled,
}: DatePickerPopupProps) {
  const [open, setOpen] = useState(openAtStart);
  const [month, setMonth] = useState(() => monthOf(value ?? min));
  const pick = (day: string) => {
    onChange(day);
    setOpen(false);
  };
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setMonth(monthOf(value ?? min));
        setOpen(next);
      }}
    >
      <Popover.Trigger asChild>
        <DateTrigger id={id} value={value} error={error} disabled={disabled} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="menu date-picker"
          align="start"
          sideOffset={4}
          aria-label={`${label}: ${monthTitle(month)}`}
        >
          <MonthCalendar month={month} onMonth={setMonth} value={value} onPick={pick} min={min} available={available} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
