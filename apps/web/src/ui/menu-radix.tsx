/**
 * The dropdown menu's Radix implementation (ui/menu.tsx loads it after the first paint): arrow keys, typeahead,
 * Escape, focus back to the trigger.
 */
import { DropdownMenu } from "radix-ui";
import type { ReactElement, ReactNode } from "react";
import { Check } from "lucide-react";

export interface MenuProps {
  trigger: ReactElement;
  align?: "start" | "center" | "end";
  children: ReactNode;
}

/** What the menu needs, before and after Radix loads. */
export interface LoadingMenuProps extends MenuProps {
  /** The trigger was pressed while this code loaded: the menu opens as soon as it renders. */
  openAtStart: boolean;
  /** A press on the trigger shown while Radix loads. */
  onOpenAtStart(): void;
}

export function Menu({ trigger, align = "end", children, openAtStart }: LoadingMenuProps) {
  return (
    <DropdownMenu.Root defaultOpen={openAtStart}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align={align} sideOffset={6}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function MenuItem({
  icon,
  onSelect,
  disabled,
  children,
}: {
  icon?: ReactNode;
  onSelect(): void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Item className="menu-item" onSelect={onSelect} disabled={disabled}>
      <span className="menu-item-icon" aria-hidden>
        {icon}
      </span>
      {children}
    </DropdownMenu.Item>
  );
}

/**
 * A checkbox row. `keepOpen` leaves the menu open after toggling, for picking several options in a row.
 */
export function MenuCheckboxItem({
  checked,
  onCheckedChange,
  keepOpen = false,
  children,
}: {
  checked: boolean | "indeterminate";
  onCheckedChange(checked: boolean): void;
  keepOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.CheckboxItem
      className="menu-item"
      checked={checked}
      onCheckedChange={onCheckedChange}
      onSelect={keepOpen ? (e) => e.preventDefault() : undefined}
    >
      <span className="menu-item-check" aria-hidden>
        <DropdownMenu.ItemIndicator>
          {checked === "indeterminate" ? "–" : <Check size={16} />}
        </DropdownMenu.ItemIndicator>
      </span>
      {children}
    </DropdownMenu.CheckboxItem>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="menu-separator" />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className="menu-label">{children}</DropdownMenu.Label>;
}
