/**
 * A dropdown menu (Radix DropdownMenu: arrow keys, typeahead, Escape, focus returns to the trigger).
 *
 *   <Menu trigger={<IconButton label="Más acciones"><MoreVertical /></IconButton>}>
 *     <MenuItem icon={<Download />} onSelect={exportXlsx}>Exportar</MenuItem>
 *     <MenuSeparator />
 *     <MenuCheckboxItem checked={x} onCheckedChange={setX}>Mostrar finalizadas</MenuCheckboxItem>
 *   </Menu>
 *
 * The trigger must accept a ref (Button and IconButton do).
 */
import { DropdownMenu } from "radix-ui";
import type { ReactElement, ReactNode } from "react";
import { Check } from "lucide-react";

export function Menu({
  trigger,
  align = "end",
  children,
}: {
  trigger: ReactElement;
  align?: "start" | "center" | "end";
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root>
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
