/** `DateField`'s calendar: its button opens a month to pick a day from (Radix Popover), loaded after the field. */
import { todayIn } from "@taller/core";
import { Popover } from "radix-ui";
import { useState, type ReactElement } from "react";
import { MonthCalendar, monthOf, monthTitle } from "./month-calendar";

export default function DatePickerPopover({
  label,
  day,
  min,
  max,
  onPick,
  children,
}: {
  label: string;
  /** The field's day, or null while it holds none (or text being typed). */
  day: string | null;
  min?: string;
  max?: string;
  onPick(day: string): void;
  /** The button that opens it. */
  children: ReactElement;
}) {
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => monthOf(day ?? min ?? todayIn()));
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setMonth(monthOf(day ?? min ?? todayIn()));
        setOpen(next);
      }}
    >
      <Popover.Trigger asChild>{children}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="menu date-picker"
          align="end"
          sideOffset={4}
          aria-label={`${label}: ${monthTitle(month)}`}
        >
          <MonthCalendar
            month={month}
            onMonth={setMonth}
            value={day}
            onPick={(picked) => {
              onPick(picked);
              setOpen(false);
            }}
            min={min}
            available={(d) => (min === undefined || d >= min) && (max === undefined || d <= max)}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
