/**
 * The location selector (seed 002 section 2.1, seed 001 'Seleccionar Locales'): shown only when the company has more
 * than one location. A multi-select with 'Todos' on wide screens; on phones a store icon opening a bottom sheet.
 */
import { Store } from "lucide-react";
import { useState } from "react";
import { useSelectedLocations } from "../../lib/locations";
import { BottomSheet } from "../../ui/bottom-sheet";
import { IconButton } from "../../ui/icon-button";
import { Checkbox } from "../../ui/checkbox";
import { MultiSelect } from "../../ui/multi-select";
import { toggleValue } from "../../ui/select";

export function LocationSelect() {
  const { locations, selectedIds, setSelectedIds } = useSelectedLocations();
  return (
    <MultiSelect
      label="Locales"
      allLabel="Todos"
      options={locations.map((l) => ({ value: l.id, label: l.name }))}
      value={selectedIds}
      onChange={setSelectedIds}
    />
  );
}

export function LocationSheetButton() {
  const { locations, selectedIds, setSelectedIds } = useSelectedLocations();
  const [open, setOpen] = useState(false);
  const all = selectedIds.length === locations.length;
  return (
    <>
      <IconButton label="Seleccionar Locales" onClick={() => setOpen(true)}>
        <Store size={22} />
      </IconButton>
      <BottomSheet open={open} onOpenChange={setOpen} title="Seleccionar Locales">
        <Checkbox
          label="Select All"
          checked={all ? true : selectedIds.length > 0 ? "indeterminate" : false}
          onCheckedChange={() => setSelectedIds(all ? [] : locations.map((l) => l.id))}
        />
        <hr className="sheet-divider" />
        {locations.map((l) => (
          <Checkbox
            key={l.id}
            label={l.name}
            checked={selectedIds.includes(l.id)}
            onCheckedChange={(on) =>
              setSelectedIds(
                toggleValue(
                  locations.map((x) => x.id),
                  selectedIds,
                  l.id,
                  on,
                ),
              )
            }
          />
        ))}
      </BottomSheet>
    </>
  );
}
