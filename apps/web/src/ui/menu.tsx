/**
 * A dropdown menu (Radix DropdownMenu: arrow keys, typeahead, Escape, focus returns to the trigger).
 *
 *   <Menu trigger={<IconButton label="Más acciones"><MoreVertical /></IconButton>}>
 *     <MenuItem icon={<Download />} onSelect={exportXlsx}>Exportar</MenuItem>
 *     <MenuSeparator />
 *     <MenuCheckboxItem checked={x} onCheckedChange={setX}>Mostrar finalizadas</MenuCheckboxItem>
 *   </Menu>
 *
 * The trigger must accept a ref (Button and IconButton do). Radix's menu and its positioning (~25 KB gzipped) load
 * after the first paint, as Select's do: until then the trigger shows as it is, and a press on it opens the menu as
 * soon as it has loaded. The items render only inside the open menu, so their code is in by then.
 */
import { cloneElement, useState, type ReactElement } from "react";
import { lazyComponent } from "../lib/lazy-component";
import type { MenuProps } from "./menu-radix";

const radix = () => import("./menu-radix");

const MenuRadix = lazyComponent(() => radix().then((m) => m.Menu), {
  placeholder: ({ trigger, onOpenAtStart }) => <WaitingTrigger trigger={trigger} onOpenAtStart={onOpenAtStart} />,
});

export function Menu(props: MenuProps) {
  const [openAtStart, setOpenAtStart] = useState(false);
  return <MenuRadix {...props} openAtStart={openAtStart} onOpenAtStart={() => setOpenAtStart(true)} />;
}

/** The trigger as Radix renders it closed, shown while Radix loads; it remembers a press to open the menu then. */
function WaitingTrigger({ trigger, onOpenAtStart }: { trigger: ReactElement; onOpenAtStart(): void }) {
  return cloneElement(trigger as ReactElement<Record<string, unknown>>, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    "data-state": "closed",
    onPointerDown: onOpenAtStart,
    onKeyDown: (event: { key: string; preventDefault(): void }) => {
      if ([" ", "Enter", "ArrowDown"].includes(event.key)) {
        event.preventDefault();
        onOpenAtStart();
      }
    },
  });
}

export const MenuItem = lazyComponent(() => radix().then((m) => m.MenuItem));
export const MenuCheckboxItem = lazyComponent(() => radix().then((m) => m.MenuCheckboxItem));
export const MenuSeparator = lazyComponent(() => radix().then((m) => m.MenuSeparator));
export const MenuLabel = lazyComponent(() => radix().then((m) => m.MenuLabel));
