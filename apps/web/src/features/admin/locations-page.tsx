/**
 * /admin/locations: the company's locations (branches; read manager). An administrator adds one, renames one, or
 * deletes one nothing uses (the server names the orders, bookings or CRM managements that keep it). The shell's
 * location selector follows through `company.setup_changed`.
 */
import { createLocationSchema } from "@taller/core";
import { Store } from "lucide-react";
import { useState } from "react";
import type { RouterOutputs } from "@taller/api";
import { useSetupChanged } from "../../lib/setup-events";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Dialog } from "../../ui/dialog";
import { AdminFrame } from "./admin-frame";
import { AdminList } from "./admin-list";
import { ConfirmDelete, NameForm } from "./setup-forms";

type Location = RouterOutputs["admin"]["locations"]["list"][number];

export function AdminLocationsPage() {
  return (
    <ApiProvider>
      <LocationsAdmin />
    </ApiProvider>
  );
}

function LocationsAdmin() {
  const locations = trpc.admin.locations.list.useQuery();
  const utils = trpc.useUtils();
  const create = trpc.admin.locations.create.useMutation();
  const remove = trpc.admin.locations.remove.useMutation();
  const [renaming, setRenaming] = useState<Location | null>(null);
  const refresh = () => utils.admin.locations.list.invalidate();
  useSetupChanged((what) => {
    if (what === "locations") void refresh();
  });

  return (
    <AdminFrame title="Locales" icon={<Store size={22} aria-hidden />}>
      <Card title="Locales">
        <NameForm
          schema={createLocationSchema}
          label="Nuevo local"
          submitLabel="Agregar local"
          onSubmit={async (name) => {
            await create.mutateAsync({ name });
            await refresh();
          }}
        />
        <AdminList query={locations} what="los locales" headers={["Nombre"]}>
          {(rows) =>
            rows.map((l) => (
              <tr key={l.id}>
                <td>{l.name}</td>
                <td className="admin-row-actions">
                  <Button variant="text" onClick={() => setRenaming(l)} aria-label={`Cambiar nombre de ${l.name}`}>
                    Cambiar nombre
                  </Button>
                  <ConfirmDelete
                    what={`el local ${l.name}`}
                    onConfirm={async () => {
                      await remove.mutateAsync({ id: l.id });
                      await refresh();
                    }}
                  />
                </td>
              </tr>
            ))
          }
        </AdminList>
      </Card>
      {renaming && (
        <Dialog open onOpenChange={(open) => !open && setRenaming(null)} title={`Cambiar nombre de ${renaming.name}`}>
          <RenameLocation location={renaming} onDone={() => setRenaming(null)} />
        </Dialog>
      )}
    </AdminFrame>
  );
}

function RenameLocation({ location, onDone }: { location: Location; onDone: () => void }) {
  const rename = trpc.admin.locations.rename.useMutation();
  const utils = trpc.useUtils();
  return (
    <NameForm
      schema={createLocationSchema}
      name={location.name}
      label="Nombre"
      submitLabel="Guardar"
      onSubmit={async (name) => {
        await rename.mutateAsync({ id: location.id, name });
        await utils.admin.locations.list.invalidate();
        onDone();
      }}
    />
  );
}
