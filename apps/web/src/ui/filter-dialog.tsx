/**
 * A multi-select filter in a dialog, its options in titled groups (seed 002 section 2.4: 'Estados de Orden' and
 * 'Estados de Presupuesto'). Choices are a draft until 'Aplicar'; 'Cancelar' or closing drops them. Each group has
 * a 'Todos' box that selects or clears the whole group.
 *
 *   <FilterDialog open={open} onOpenChange={setOpen}
 *     groups={[{ key: "status", title: "Estados de Orden", options: [{ id: 1, name: "Recepcionado" }] }]}
 *     value={{ status: [1] }} onApply={(v) => setStatus(v.status)} />
 */
import { useState } from "react";
import { Button } from "./button";
import { Checkbox } from "./checkbox";
import { Dialog } from "./dialog";
import { toggleValue } from "./select";
import "./lists.css";

export interface FilterGroup<K extends string> {
  key: K;
  title: string;
  options: readonly { id: number; name: string }[];
}

export interface FilterDialogProps<K extends string> {
  open: boolean;
  onOpenChange(open: boolean): void;
  title?: string;
  groups: readonly FilterGroup<K>[];
  value: Record<K, readonly number[]>;
  onApply(value: Record<K, number[]>): void;
}

const copy = <K extends string>(value: Record<K, readonly number[]>) =>
  Object.fromEntries(Object.entries<readonly number[]>(value).map(([k, ids]) => [k, [...ids]])) as Record<K, number[]>;

export function FilterDialog<K extends string>({
  open,
  onOpenChange,
  title = "Filtros",
  groups,
  value,
  onApply,
}: FilterDialogProps<K>) {
  const [draft, setDraft] = useState(() => copy(value));
  // Every opening starts from the filter in effect (set while rendering, so the first frame already shows it).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(copy(value));
  }

  const set = (key: K, ids: number[]) => setDraft((d) => ({ ...d, [key]: ids }));

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      width={520}
      actions={
        <>
          <Button variant="text" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button
            onClick={() => {
              onApply(draft);
              onOpenChange(false);
            }}
          >
            Aplicar
          </Button>
        </>
      }
    >
      <div className="filter-groups">
        {groups.map((group) => {
          const chosen = draft[group.key] ?? [];
          const all = group.options.every((o) => chosen.includes(o.id));
          return (
            <fieldset key={group.key} className="filter-group">
              <legend>{group.title}</legend>
              <Checkbox
                label="Todos"
                checked={all ? true : chosen.length > 0 ? "indeterminate" : false}
                onCheckedChange={() => set(group.key, all ? [] : group.options.map((o) => o.id))}
              />
              {group.options.map((o) => (
                <Checkbox
                  key={o.id}
                  label={o.name}
                  checked={chosen.includes(o.id)}
                  onCheckedChange={(on) =>
                    set(
                      group.key,
                      toggleValue(
                        group.options.map((x) => x.id),
                        chosen,
                        o.id,
                        on,
                      ),
                    )
                  }
                />
              ))}
            </fieldset>
          );
        })}
      </div>
    </Dialog>
  );
}
