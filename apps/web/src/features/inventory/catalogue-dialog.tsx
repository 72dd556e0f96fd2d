/**
 * 'Categorías y bodegas' from the products screen: create, rename, and delete while unused (a category with
 * products, a warehouse with stock, movements or documents shows why it cannot go instead of a delete button).
 */
import { useState, type FormEvent } from "react";
import { Pencil, Trash2 } from "lucide-react";
import { QueryState } from "../../lib/load-state";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { Dialog } from "../../ui/dialog";
import { FormFooter } from "../../ui/form-footer";
import { IconButton } from "../../ui/icon-button";
import { useOutcome } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";

type Kind = "categories" | "warehouses";
const WORDS = {
  categories: {
    title: "Categorías",
    newLabel: "Nueva categoría",
    inUse: "Tiene productos",
    created: "Categoría creada",
  },
  warehouses: {
    title: "Bodegas",
    newLabel: "Nueva bodega",
    inUse: "Tiene stock o movimientos",
    created: "Bodega creada",
  },
} as const;

/** The server's message for a failed write, or a plain one. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : "No se pudo guardar");

function NameForm({
  initial,
  label,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  submitLabel: string;
  onSubmit(name: string): Promise<unknown>;
  onCancel?(): void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onSubmit(name);
      setName(initial);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="catalogue-name-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={label}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
        autoComplete="off"
      />
      <FormFooter saving={saving} submitLabel={submitLabel} onCancel={onCancel} className="catalogue-name-actions" />
    </form>
  );
}

function NamedList({ kind }: { kind: Kind }) {
  const can = useCan();
  const outcome = useOutcome();
  const utils = trpc.useUtils();
  const words = WORDS[kind];
  const router = trpc.inventory[kind];
  const query = router.list.useQuery();
  const create = router.create.useMutation();
  const rename = router.rename.useMutation();
  const remove = router.remove.useMutation();
  const [editing, setEditing] = useState<number | null>(null);
  const changed = () => utils.inventory.invalidate();

  return (
    <section className="catalogue-section">
      <h3>{words.title}</h3>
      <QueryState query={query} what={`las ${words.title.toLowerCase()}`}>
        {(rows) => (
          <ul className="catalogue-rows">
            {rows.length === 0 && <li className="muted">Sin {words.title.toLowerCase()}</li>}
            {rows.map((row) =>
              editing === row.id ? (
                <li key={row.id}>
                  <NameForm
                    initial={row.name}
                    label="Nombre"
                    submitLabel="Guardar"
                    onCancel={() => setEditing(null)}
                    onSubmit={async (name) => {
                      await rename.mutateAsync({ id: row.id, name });
                      setEditing(null);
                      await changed();
                    }}
                  />
                </li>
              ) : (
                <li key={row.id}>
                  <span className="catalogue-name">{row.name}</span>
                  {row.used && <span className="muted">{words.inUse}</span>}
                  {can("update", "inventory_action") && (
                    <IconButton label={`Renombrar ${row.name}`} onClick={() => setEditing(row.id)}>
                      <Pencil size={18} />
                    </IconButton>
                  )}
                  {!row.used && can("destroy", "inventory_action") && (
                    <IconButton
                      label={`Eliminar ${row.name}`}
                      loading={remove.isPending && remove.variables.id === row.id}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(
                          { id: row.id },
                          {
                            onSuccess: () => {
                              outcome.done(`${row.name} eliminada`);
                              void changed();
                            },
                            onError: outcome.failed,
                          },
                        )
                      }
                    >
                      <Trash2 size={18} />
                    </IconButton>
                  )}
                </li>
              ),
            )}
          </ul>
        )}
      </QueryState>
      {can("create", "inventory_action") && (
        <NameForm
          initial=""
          label={words.newLabel}
          submitLabel="Agregar"
          onSubmit={async (name) => {
            await create.mutateAsync({ name });
            outcome.done(words.created);
            await changed();
          }}
        />
      )}
    </section>
  );
}

export function CatalogueDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Categorías y bodegas" width={560}>
      <div className="catalogue-dialog">
        <NamedList kind="categories" />
        <NamedList kind="warehouses" />
      </div>
    </Dialog>
  );
}
