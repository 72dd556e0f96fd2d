/**
 * /admin: the company's users (read manager). An administrator invites a user (name, e-mail, role) and hands over
 * the one-time link shown once; changes a user's name and role; deactivates one (their sessions end at once) or
 * reactivates them; issues a new link (a lost invitation or a forgotten password) and clears a work-point code.
 * The list refetches when any user of the company changes (`user.updated` on the company's stream), so two
 * administrators see each other's changes without reloading.
 */
import { Copy, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import type { RouterOutputs } from "@taller/api";
import { useRefreshOn } from "../../lib/company-events";
import { lazyPart } from "../../lib/lazy-part";
import { useSetupChanged } from "../../lib/setup-events";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Dialog } from "../../ui/dialog";
import { AdminFrame } from "./admin-frame";
import { AdminList } from "./admin-list";
import { useSnackbar } from "../../ui/snackbar";

export type AdminUser = RouterOutputs["admin"]["users"]["list"][number];

// The invite and edit forms (react-hook-form, zod) load when their dialog opens.
const InviteForm = lazyPart(() => import("./user-forms").then((m) => m.InviteForm));
const EditForm = lazyPart(() => import("./user-forms").then((m) => m.EditForm));

export function AdminUsersPage() {
  return (
    <ApiProvider>
      <UsersAdmin />
    </ApiProvider>
  );
}

function UsersAdmin() {
  const users = trpc.admin.users.list.useQuery();
  const roles = trpc.admin.roles.list.useQuery();
  const utils = trpc.useUtils();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [link, setLink] = useState<{ name: string; url: string } | null>(null);

  useRefreshOn(["user.updated"], () => utils.admin.users.list.invalidate());
  // A role created, renamed or deleted: the role picker and the users' role names follow.
  useSetupChanged((what) => {
    if (what !== "roles") return;
    void utils.admin.roles.list.invalidate();
    void utils.admin.users.list.invalidate();
  });

  const showLink = (name: string, path: string) => setLink({ name, url: `${window.location.origin}${path}` });

  return (
    <AdminFrame title="Administración" icon={<Users size={22} aria-hidden />}>
      <Card title="Usuarios">
        <div className="card-actions">
          <Button icon={<UserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            Invitar usuario
          </Button>
        </div>
        {link && <InvitationLink {...link} />}
        <AdminList query={users} what="los usuarios" headers={["Nombre", "Rol", "Estado"]}>
          {(rows) => <UserRows users={rows} onEdit={setEditing} />}
        </AdminList>
      </Card>
      {inviting && (
        <Dialog open onOpenChange={(open) => !open && setInviting(false)} title="Invitar usuario">
          <InviteForm
            roles={roles.data ?? []}
            onClose={() => setInviting(false)}
            onInvited={(name, path) => {
              setInviting(false);
              showLink(name, path);
            }}
          />
        </Dialog>
      )}
      {editing && (
        <Dialog open onOpenChange={(open) => !open && setEditing(null)} title={`Editar ${editing.name}`}>
          <EditForm user={editing} roles={roles.data ?? []} onClose={() => setEditing(null)} onLink={showLink} />
        </Dialog>
      )}
    </AdminFrame>
  );
}

function UserRows({ users, onEdit }: { users: readonly AdminUser[]; onEdit: (u: AdminUser) => void }) {
  return (
    <>
      {users.map((u) => (
        <tr key={u.id} className={u.active ? undefined : "admin-inactive"}>
          <td>
            {u.name}
            <br />
            <small>{u.email}</small>
          </td>
          <td>{u.role_name ?? "Sin rol"}</td>
          <td>{!u.active ? "Desactivado" : u.invitation_pending ? "Invitado" : "Activo"}</td>
          <td>
            <Button variant="text" onClick={() => onEdit(u)} aria-label={`Editar ${u.name}`}>
              Editar
            </Button>
          </td>
        </tr>
      ))}
    </>
  );
}

function InvitationLink({ name, url }: { name: string; url: string }) {
  const snackbar = useSnackbar();
  async function copy() {
    const copied = await navigator.clipboard?.writeText(url).then(
      () => true,
      () => false,
    );
    snackbar.show(copied ? "Enlace copiado" : "No se pudo copiar: selecciona el enlace", {
      tone: copied ? "success" : "error",
      duration: 2000,
    });
  }
  return (
    <div role="status" className="admin-link">
      <p>Enlace para que {name} elija su contraseña. Se usa una sola vez y no se volverá a mostrar.</p>
      <a href={url} data-testid="invitation-link">
        {url}
      </a>
      <Button variant="text" icon={<Copy size={16} aria-hidden />} onClick={() => void copy()}>
        Copiar enlace
      </Button>
    </div>
  );
}
