/**
 * /admin/roles: the company's roles and their grants (read manager). An administrator creates a role, renames or
 * deletes it (the server refuses a role its users hold, and says so), and edits its grants in a grid of resources ×
 * actions, each with its "own records only" toggle. The server keeps the last administering role from losing read
 * and update on Administración. Other administrators' changes arrive through `company.setup_changed`.
 */
import {
  ACTION_LABELS,
  ACTIONS,
  administers,
  createRoleSchema,
  resourceLabels,
  RESOURCES,
  type Action,
  type GrantInput,
  type Resource,
} from "@taller/core";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useSetupChanged } from "../../lib/setup-events";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { useSnackbar } from "../../ui/snackbar";
import { ScrollTable } from "../../ui/scroll-table";
import { AdminFrame } from "./admin-frame";
import { AdminList } from "./admin-list";
import { ConfirmDelete, NameForm } from "./setup-forms";
import type { Role } from "./role-field";
import { useSetupTerms } from "../../lib/company-setup";

export function AdminRolesPage() {
  return (
    <ApiProvider>
      <RolesAdmin />
    </ApiProvider>
  );
}

function RolesAdmin() {
  const roles = trpc.admin.roles.list.useQuery();
  const utils = trpc.useUtils();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const create = trpc.admin.roles.create.useMutation();
  useSetupChanged((what) => {
    if (what === "roles") void utils.admin.roles.list.invalidate();
  });
  const selected = roles.data?.find((r) => r.id === selectedId) ?? null;

  return (
    <AdminFrame title="Roles" icon={<KeyRound size={22} aria-hidden />}>
      <Card title="Roles">
        <NameForm
          schema={createRoleSchema}
          label="Nuevo rol"
          submitLabel="Crear rol"
          onSubmit={async (name) => {
            const { id } = await create.mutateAsync({ name });
            await utils.admin.roles.list.invalidate();
            setSelectedId(id);
          }}
        />
        <AdminList query={roles} what="los roles" headers={["Nombre", "Permisos"]}>
          {(rows) =>
            rows.map((r) => (
              <tr key={r.id} aria-current={r.id === selectedId ? "true" : undefined}>
                <td>
                  {r.name}
                  {administers(r.grants) && (
                    <>
                      <br />
                      <small>Administra la empresa</small>
                    </>
                  )}
                </td>
                <td>{r.grants.length}</td>
                <td>
                  <Button variant="text" onClick={() => setSelectedId(r.id)} aria-label={`Editar rol ${r.name}`}>
                    Editar
                  </Button>
                </td>
              </tr>
            ))
          }
        </AdminList>
      </Card>
      {/* Keyed by the role and its grants: another administrator's save resets the grid to what is stored. */}
      {selected && (
        <RoleEditor
          key={`${selected.id}:${JSON.stringify(selected.grants)}`}
          role={selected}
          onDeleted={() => setSelectedId(null)}
        />
      )}
    </AdminFrame>
  );
}

type GridGrants = Map<string, boolean>;
const cell = (action: Action, resource: Resource) => `${action}:${resource}`;

function RoleEditor({ role, onDeleted }: { role: Role; onDeleted: () => void }) {
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const terms = useSetupTerms();
  const resources = resourceLabels(terms);
  const [grid, setGrid] = useState<GridGrants>(
    () => new Map(role.grants.map((g) => [cell(g.action, g.resource), g.restricted_to_own])),
  );
  const rename = trpc.admin.roles.rename.useMutation();
  const remove = trpc.admin.roles.remove.useMutation();
  const save = trpc.admin.roles.setGrants.useMutation({
    onSuccess: async () => {
      await utils.admin.roles.list.invalidate();
      snackbar.show("Permisos guardados", { tone: "success", duration: 2000 });
    },
    onError: (error) => snackbar.show(error.message, { tone: "error" }),
  });

  const toggle = (key: string, granted: boolean) =>
    setGrid((g) => {
      const next = new Map(g);
      if (granted) next.set(key, false);
      else next.delete(key);
      return next;
    });
  const toggleOwn = (key: string, own: boolean) => setGrid((g) => new Map(g).set(key, own));
  const grants = (): GrantInput[] =>
    [...grid].map(([key, own]) => {
      const [action, resource] = key.split(":") as [Action, Resource];
      return { action, resource, restricted_to_own: own };
    });

  return (
    <Card title={`Rol ${role.name}`}>
      <NameForm
        schema={createRoleSchema}
        name={role.name}
        label="Nombre del rol"
        submitLabel="Cambiar nombre"
        onSubmit={async (name) => {
          await rename.mutateAsync({ id: role.id, name });
          await utils.admin.roles.list.invalidate();
        }}
      />
      <ScrollTable boxClassName="grants-wrap" className="grants" aria-label={`Permisos del rol ${role.name}`}>
        <thead>
          <tr>
            <th>Recurso</th>
            {ACTIONS.map((a) => (
              <th key={a}>{ACTION_LABELS[a]}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {RESOURCES.map((resource) => (
            <tr key={resource}>
              <th scope="row">{resources[resource]}</th>
              {ACTIONS.map((action) => {
                const key = cell(action, resource);
                const own = grid.get(key);
                const what = `${ACTION_LABELS[action]} ${resources[resource]}`;
                return (
                  <td key={action}>
                    <input
                      type="checkbox"
                      aria-label={what}
                      checked={own !== undefined}
                      onChange={(e) => toggle(key, e.target.checked)}
                    />
                    <label className="grants-own">
                      <input
                        type="checkbox"
                        aria-label={`Solo propios: ${what}`}
                        disabled={own === undefined}
                        checked={own === true}
                        onChange={(e) => toggleOwn(key, e.target.checked)}
                      />
                      <span aria-hidden>propios</span>
                    </label>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <p className="admin-hint">
        {`"Propios": el permiso vale solo para los registros del usuario (${terms.order.manyLower} y reservas que recibió o tiene a cargo).`}
      </p>
      <div className="admin-actions">
        <Button loading={save.isPending} onClick={() => save.mutate({ id: role.id, grants: grants() })}>
          Guardar permisos
        </Button>
        <ConfirmDelete
          what={`el rol ${role.name}`}
          onConfirm={async () => {
            await remove.mutateAsync({ id: role.id });
            await utils.admin.roles.list.invalidate();
            onDeleted();
          }}
        />
      </div>
    </Card>
  );
}
